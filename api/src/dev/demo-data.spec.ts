import { buildSteps, validateAnswer, type IntakeAnswers } from '@medora/shared';
import { DEMO_INTAKE } from './demo-data.service.js';

describe('the demo patient intake', () => {
  it('answers every question the intake asks it (a completed intake, as a patient would leave it)', () => {
    const answers = DEMO_INTAKE.data as IntakeAnswers;
    const unanswered = buildSteps(answers)
      .map((s) => s.question)
      .filter((q) => !q.optional && !validateAnswer(q, answers[q.field]).ok)
      .map((q) => q.field);
    expect(unanswered).toEqual([]);
  });
});
