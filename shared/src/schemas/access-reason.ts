import { z } from 'zod';
import { MESSAGES } from '@medora/shared/messages';
import { accessReasonProblem } from '../auth/access-reason.js';

/** `POST /api/patients/{uid}/access-reason`: why the admin opens the patient's record. */
export const accessReasonSchema = z
  .object({
    reason: z
      .string(MESSAGES.accessReasonRequired)
      .superRefine((value, ctx) => {
        const problem = accessReasonProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .transform((value) => value.trim()),
  })
  .strict();
export type AccessReasonInput = z.infer<typeof accessReasonSchema>;
