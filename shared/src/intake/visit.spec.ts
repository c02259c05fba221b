import { MESSAGES } from '@medora/shared/messages';
import { draftAnswersSchema, saveDraftSchema, savePatientSchema } from '../schemas/intake.js';
import { buildSteps, previousPosition, startReturning } from './engine.js';
import { firstStepOf, nextWhileEditing, reviewSectionOf, reviewSections } from './review.js';
import {
  inferVisitKind,
  parseIntakeMode,
  profileFacts,
  splitAnswers,
  visitAnswersFor,
  visitReason,
  summaryInput,
  withFollowUpSection,
} from './visit.js';
import type { ClinicalSummary } from './patient-types.js';

/** Visits, the follow-up's questions, the URL mode and the review's Edit navigation. */

const RECORD = {
  name: 'Ann Lee',
  gender: 'Female',
  dob: '1980-01-01',
  heightWeight: { heightFeet: 5, heightInches: 5, weight: 60 },
  visitType: 'New Appointment',
  allergyList: ['Penicillin'],
  chronicConditions: ['Asthma'],
  medicationClasses: ['None'],
  pastSurgeries: 'No',
  smokingStatus: 'Never',
  alcoholUse: 'None',
  symptoms: ['Cough'],
  coughType: 'Dry',
  chronicConditions_document: 'asthma.pdf',
  medicalReports: 'xray.pdf',
};

describe('splitting a submission into profile and visit', () => {
  it('keeps the stable facts in the profile and the visit’s answers in the visit', () => {
    const { profile, visit } = splitAnswers(RECORD);
    expect(Object.keys(profile).sort()).toEqual(
      [
        'alcoholUse',
        'allergyList',
        'chronicConditions',
        'chronicConditions_document',
        'dob',
        'gender',
        'heightWeight',
        'medicationClasses',
        'name',
        'pastSurgeries',
        'smokingStatus',
      ].sort(),
    );
    expect(visit).toEqual({
      visitType: 'New Appointment',
      symptoms: ['Cough'],
      coughType: 'Dry',
      medicalReports: 'xray.pdf',
    });
    expect(profileFacts(RECORD)).toEqual(profile);
  });

  it('a follow-up keeps only what changed; a profile update has no visit answers', () => {
    const { visit } = splitAnswers({ ...RECORD, visitType: 'Follow-up Visit', followUpChange: 'Worse' });
    expect(visitAnswersFor('follow-up', visit)).toEqual({
      visitType: 'Follow-up Visit',
      followUpChange: 'Worse',
      medicalReports: 'xray.pdf',
    });
    expect(visitAnswersFor('profile', visit)).toEqual({});
    expect(inferVisitKind({ visitType: 'Follow-up Visit' })).toBe('follow-up');
    expect(inferVisitKind(RECORD)).toBe('visit');
  });

  it('lets the summary read a follow-up’s new symptoms as its complaints', () => {
    expect(summaryInput('follow-up', { name: 'A' }, { followUpNewSymptoms: ['Chest Pain'] })).toEqual({
      name: 'A',
      followUpNewSymptoms: ['Chest Pain'],
      symptoms: ['Chest Pain'],
    });
    expect(summaryInput('visit', { name: 'A' }, { symptoms: ['Cough'] })).toEqual({
      name: 'A',
      symptoms: ['Cough'],
    });
  });

  it('names each visit’s reason', () => {
    expect(visitReason('visit', RECORD)).toBe('New Appointment: Cough');
    expect(
      visitReason('follow-up', { followUpChange: 'Better', followUpNewSymptoms: ['Fever', 'Rash'] }),
    ).toBe('Follow-up Visit: Better; new symptoms: Fever, Rash');
    expect(visitReason('profile', RECORD)).toBe(MESSAGES.visitReasonProfile);
  });

  it('puts what changed first in a follow-up’s summary', () => {
    const summary: ClinicalSummary = {
      engine: 'deterministic',
      generatedAt: '2026-01-01T00:00:00.000Z',
      disclaimer: 'd',
      redFlags: [],
      sections: [{ title: 'History', lines: ['Asthma'] }],
      text: 'History',
    };
    const out = withFollowUpSection(summary, { followUpChange: 'Worse', followUpNotes: 'New inhaler' });
    expect(out.sections.map((s) => s.title)).toEqual([MESSAGES.visitSinceLastTitle, 'History']);
    expect(out.sections[0]!.lines).toEqual(['Overall: Worse', 'In the patient’s words: New inhaler']);
    expect(out.text).toContain('Worse');
    expect(withFollowUpSection(summary, {})).toBe(summary);
  });
});

describe('the intake’s mode and the follow-up questions', () => {
  it('reads the mode from the URL, refusing anything else', () => {
    expect(parseIntakeMode('follow-up')).toBe('follow-up');
    expect(parseIntakeMode('profile')).toBe('profile');
    expect(parseIntakeMode('visit')).toBe('visit');
    expect(parseIntakeMode('admin')).toBeNull();
    expect(parseIntakeMode(null)).toBeNull();
  });

  it('a follow-up asks height and weight and what changed, each with a working Previous', () => {
    const start = startReturning(profileFacts(RECORD), 'followUp');
    expect(start.symptoms).toBeUndefined();
    const ctx = { returningChoice: 'followUp' as const, today: new Date('2026-01-01') };
    const keys = buildSteps(start, ctx).map((s) => s.key);
    // Pregnancy and travel are asked at every visit (RECORD is a woman under 56).
    expect(keys).toEqual([
      'heightWeight',
      'pregnancyStatus',
      'travelAbroad',
      'followUpChange',
      'followUpNewSymptoms',
      'followUpNotes',
    ]);
    expect(previousPosition({ screen: 'question', key: 'followUpChange' }, start, ctx)).toEqual({
      screen: 'question',
      key: 'travelAbroad',
    });
  });

  it('a profile update asks the stable facts, no visit type and no symptoms', () => {
    const ctx = { returningChoice: 'profile' as const, today: new Date('2026-01-01') };
    const keys = buildSteps(profileFacts(RECORD), ctx).map((s) => s.key);
    expect(keys[0]).toBe('name');
    expect(keys).toContain('allergyList');
    expect(keys).not.toContain('visitType');
    expect(keys).not.toContain('symptoms');
  });
});

describe('Edit from the review', () => {
  const ctx = { today: new Date('2026-01-01') };
  const steps = buildSteps(RECORD, ctx);

  it('gives each section of answers an Edit target: its first asked question', () => {
    const sections = reviewSections(RECORD, { viaDoctor: false });
    expect(sections.map((s) => s.edit)).toEqual(['personal', 'history', 'symptoms', undefined]);
    expect(firstStepOf('personal', steps)?.key).toBe('name');
    expect(firstStepOf('history', steps)?.key).toBe('allergyList');
    // Pregnancy and travel are reviewed with the visit's symptoms.
    expect(firstStepOf('symptoms', steps)?.key).toBe('pregnancyStatus');
    expect(reviewSectionOf('coughType')).toBe('symptoms');
    expect(reviewSectionOf('asthmaDuration')).toBe('history');
  });

  it('Next stays in the section and returns to the review after its last question', () => {
    expect(nextWhileEditing('personal', 'name', steps)).toEqual({ screen: 'question', key: 'gender' });
    const lastPersonal = steps.filter((s) => reviewSectionOf(s.key) === 'personal').at(-1)!.key;
    expect(nextWhileEditing('personal', lastPersonal, steps)).toEqual({ screen: 'review' });
    const last = steps.at(-1)!.key;
    expect(nextWhileEditing('symptoms', last, steps)).toEqual({ screen: 'review' });
  });
});

describe('schemas', () => {
  it('accepts a submission’s kind and the follow-up answers, refusing other options', () => {
    expect(
      savePatientSchema.safeParse({ uid: 'u1', data: { followUpChange: 'Worse' }, kind: 'follow-up' })
        .success,
    ).toBe(true);
    expect(savePatientSchema.safeParse({ uid: 'u1', data: {}, kind: 'other' }).success).toBe(false);
    expect(savePatientSchema.safeParse({ uid: 'u1', data: { followUpChange: 'Great' } }).success).toBe(false);
  });

  it('a draft takes half-typed answers of known fields within the text limits', () => {
    expect(draftAnswersSchema.safeParse({ heightWeight: { heightFeet: 5 }, name: 'A' }).success).toBe(true);
    expect(draftAnswersSchema.safeParse({ colour: 'blue' }).success).toBe(false);
    expect(draftAnswersSchema.safeParse({ allergies: 'x'.repeat(2001) }).success).toBe(false);
    expect(saveDraftSchema.safeParse({ mode: 'new', screen: 'review', answers: {} }).success).toBe(true);
    expect(saveDraftSchema.safeParse({ mode: 'new', screen: 'done', answers: {} }).success).toBe(false);
  });
});
