import { z } from 'zod';
import { MESSAGES } from '@medora/shared/messages';

/**
 * A field the spec lists in a request body whose value only the server may set: a
 * document's `fileUrl`, an appointment's `prescriptionUrl`. Accepted only empty (null or '') or
 * absent, so that the spec's call shapes keep working; the server never stores what was sent.
 */
export const serverSetField = z
  .union([z.null(), z.literal('')], { error: MESSAGES.serverSetField })
  .optional();
