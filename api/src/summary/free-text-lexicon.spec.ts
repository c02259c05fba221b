import { MAIN_QUESTIONS, type IntakeAnswers } from '@medora/shared';
import { deterministicSummary } from './deterministic-summary.js';
import { findFlags, TEXT_QUESTION_FIELDS } from './flag-engine.js';
import { FREE_TEXT_FIELDS, screenFreeText, withinOneEdit } from './free-text-lexicon.js';

const NOW = new Date('2030-06-15T10:00:00Z');
const found = (symptomsOther: string) => [...screenFreeText({ symptomsOther }).keys()];

describe('free-text screening', () => {
  it('finds danger phrases as patients write them (reviewer examples and common variants)', () => {
    expect(found('I have been planning how to end my life')).toContain('suicide-plan');
    expect(found('I don’t want to be alive anymore')).toContain('suicide-thoughts');
    expect(found('crushing pain in my chest going down my left arm, sweating')).toContain(
      'chest-pain-cardiac',
    );
    expect(found('my face dropped on one side and my speech is slurred')).toContain('stroke-signs');
    expect(found('lips swelling up and throat closing after a bee sting')).toContain('anaphylaxis');
    expect(found('threw up blood this morning')).toContain('gi-bleed');
    expect(found('nosebleed for over an hour that wont stop')).toContain('heavy-bleeding');
    expect(found('it feels numb when I wipe')).toContain('saddle-numbness');
  });

  it('tolerates a one-letter misspelling of a key word', () => {
    expect(found('feeling sucidal')).toContain('suicide-thoughts');
    expect(withinOneEdit('suicidal', 'sucidal')).toBe(true);
    expect(withinOneEdit('suicidal', 'social')).toBe(false);
  });

  it('does not count a negated mention', () => {
    expect(found('no chest pain, just a cough')).not.toContain('chest-pain');
    expect(found('denies any thoughts of self-harm')).not.toContain('suicide-thoughts');
    expect(found('I am not pregnant')).not.toContain('pregnancy');
  });

  it('keeps "no longer" as what it says', () => {
    expect(found('I no longer want to live, there is no point in going on')).toContain('suicide-thoughts');
  });

  it('reads blood pressure readings near the words blood pressure', () => {
    expect([
      ...screenFreeText({ followUpNotes: 'home blood pressure 192/124 with a headache' }).keys(),
    ]).toContain('bp-severe');
    expect([...screenFreeText({ followUpNotes: 'took 2 tablets at 10/12 hours' }).keys()]).toEqual([]);
  });

  it('covers every free-text question of the intake except the name', () => {
    expect([...TEXT_QUESTION_FIELDS].sort()).toEqual([...FREE_TEXT_FIELDS].sort());
    expect(MAIN_QUESTIONS.some((q) => q.field === 'name' && q.type === 'text')).toBe(true);
  });
});

describe('never claiming what was not screened', () => {
  const record = (extra: IntakeAnswers): IntakeAnswers => ({
    gender: 'Male',
    dob: '1990-03-01',
    allergyList: ['None'],
    symptoms: ['Other'],
    ...extra,
  });

  it('raises a flag from the Other box instead of "No red flags found" (self-harm, with crisis)', () => {
    const s = deterministicSummary(record({ symptomsOther: 'I have been planning how to end my life' }), NOW);
    expect(s.flags?.[0]).toMatchObject({ concept: 'suicide-risk', urgency: 'emergency', crisis: true });
    expect(s.crisis).toBe(true);
    expect(s.text).not.toContain(MESSAGES_NONE);
  });

  it('says the free text was not screened for every risk when nothing matched', () => {
    const s = deterministicSummary(record({ symptomsOther: 'a strange feeling in my left foot' }), NOW);
    expect(s.flags).toEqual([]);
    expect(s.freeTextFields).toEqual(['symptomsOther']);
    expect(s.text).toContain('Free text not screened for every risk — read it');
    expect(s.text).not.toContain(MESSAGES_NONE);
  });

  it('says "No red flags found" only with no free text at all', () => {
    const s = deterministicSummary({ gender: 'Male', dob: '1990-03-01', symptoms: ['Runny Nose'] }, NOW);
    expect(s.text).toContain(MESSAGES_NONE);
  });

  it('shows a follow-up heart attack described in words as an emergency', () => {
    const flags = findFlags(record({ followUpNotes: 'chest pain now comes at rest' }), NOW);
    expect(flags[0]).toMatchObject({ concept: 'cardiac-chest-pain', urgency: 'emergency' });
  });
});

const MESSAGES_NONE = 'No red flags found in the answers.';
