import {
  ADDITIONAL_SYMPTOMS,
  ALL_QUESTIONS,
  FLAG_CONCEPT_IDS,
  FLAG_URGENCIES,
  MAIN_SYMPTOMS,
  MESSAGES,
  optionsFor,
  urgencyRank,
  type IntakeAnswers,
} from '@medora/shared';
import { deterministicSummary } from './deterministic-summary.js';
import { findFlags } from './flag-engine.js';
import { LEXICON } from './free-text-lexicon.js';
import { CONTEXTS, namedOptions, RED_FLAG_RULES, type RedFlagCondition } from './red-flags.js';

/*
 * The engine's mechanics: context predicates, evidence, urgency ordering, one flag per concept, and
 * the question-bank checks. Whether the rules find what guidance expects is measured by the
 * independent vignette corpus (api/test/clinical), not here.
 */

// A fixed "now"; ages below are computed against it.
const NOW = new Date('2030-06-15T10:00:00Z');
const dobForAge = (years: number) => `${2030 - years}-01-10`;

const base = (gender: 'Male' | 'Female', ageYears: number): IntakeAnswers => ({
  gender,
  dob: dobForAge(ageYears),
  allergyList: ['None'],
  chronicConditions: ['None'],
  medicationClasses: ['None'],
  riskMedicines: ['None of these'],
  pastSurgeries: 'No',
  smokingStatus: 'Never',
  alcoholUse: 'None',
  travelAbroad: 'No',
});

const fever: IntakeAnswers = {
  symptoms: ['Fever'],
  feverTemp: '38.0-38.9 °C (100.4-102.0 °F)',
  feverDuration: '1-3 days',
  feverPattern: 'Constant',
  feverAssociated: ['None of these'],
  feverExposure: ['None of these'],
};

const concepts = (a: IntakeAnswers) => findFlags(a, NOW).map((f) => f.concept);

describe('context predicates: the same symptom means more in a different patient', () => {
  it('fever alone raises nothing; on chemotherapy it is an emergency (neutropenic sepsis)', () => {
    expect(findFlags({ ...base('Female', 50), ...fever }, NOW)).toEqual([]);
    const flags = findFlags(
      { ...base('Female', 50), ...fever, riskMedicines: ['Chemotherapy (now or in the last 6 weeks)'] },
      NOW,
    );
    expect(flags[0]).toMatchObject({ concept: 'neutropenic-sepsis', urgency: 'emergency' });
  });

  it('reads a medicine named only in free text as the same context', () => {
    const flags = findFlags(
      { ...base('Male', 62), ...fever, medications: 'Capecitabine 1500 mg twice daily' },
      NOW,
    );
    expect(flags.map((f) => f.concept)).toContain('neutropenic-sepsis');
    expect(flags[0]!.evidence).toContainEqual(expect.objectContaining({ field: 'medications' }));
  });

  it('fever after travel flags imported fever only when the patient travelled', () => {
    expect(concepts({ ...base('Male', 30), ...fever })).not.toContain('imported-fever');
    expect(concepts({ ...base('Male', 30), ...fever, travelAbroad: 'Yes' })).toContain('imported-fever');
  });

  it('applies NG12 age thresholds exactly: a breast lump at 29 is not a cancer referral, at 30 it is', () => {
    const lump = (age: number): IntakeAnswers => ({
      ...base('Female', age),
      additionalSymptoms: ['Lumps/Bumps'],
      lumpLocation: 'Breast',
      lumpDuration: '2-4 weeks',
      lumpChange: 'Same size',
      lumpFeel: 'Soft and moves',
    });
    expect(concepts(lump(29))).not.toContain('suspected-cancer');
    expect(findFlags(lump(30), NOW)).toEqual([
      expect.objectContaining({ concept: 'suspected-cancer', urgency: 'urgent-cancer' }),
    ]);
  });

  it('reads pregnancy: one-sided pain with spotting in possible pregnancy is ectopic, not post-menopausal', () => {
    const answers: IntakeAnswers = {
      ...base('Female', 27),
      pregnancyStatus: 'Possibly',
      symptoms: ['Abdominal Pain'],
      additionalSymptoms: ['Bleeding'],
      abdominalPainLocation: 'Lower left',
      abdominalPainLevel: 'Severe (7-8 out of 10)',
      bleedingSite: ['Vaginal, outside normal periods'],
      bleedingAmount: 'Spots or streaks',
    };
    const flags = findFlags(answers, NOW);
    expect(flags[0]).toMatchObject({ concept: 'ectopic-pregnancy', urgency: 'emergency' });
    expect(flags.map((f) => f.concept)).not.toContain('suspected-cancer');
  });

  it('tells a usual migraine from a thunderclap headache', () => {
    const headache = (onset: string): IntakeAnswers => ({
      ...base('Female', 35),
      symptoms: ['Headache'],
      headacheLocation: 'One side of the head',
      headacheDuration: 'Less than 24 hours',
      headacheSeverity: 'Worst ever (9-10 out of 10)',
      headacheOnset: onset,
      headacheTriggers: ['Stress'],
      headacheAssociated: ['Sensitivity to light or sound'],
    });
    expect(findFlags(headache('It is a headache I have had before'), NOW)).toEqual([]);
    expect(findFlags(headache('Suddenly, reaching full strength within a minute'), NOW)[0]).toMatchObject({
      concept: 'subarachnoid-haemorrhage',
      urgency: 'emergency',
    });
  });
});

describe('evidence, urgency and ordering', () => {
  const answers: IntakeAnswers = {
    ...base('Male', 62),
    symptoms: ['Chest Pain'],
    additionalSymptoms: ['Weight Loss'],
    chestPainLevel: 'Severe (7-8 out of 10)',
    chestPainDuration: 'Less than 24 hours',
    chestPainType: 'Pressure, squeezing or tightness',
    chestPainLocation: ['Center of the chest', 'Spreads to the left arm'],
    chestPainTriggers: ['Comes on at rest'],
    chestPainAssociated: ['Sweating'],
    weightLossAmount: '5-10 kg',
    weightLossPeriod: '1-3 months',
    weightLossIntent: 'No',
    weightLossAssociated: ['None of these'],
  };

  it('orders flags most urgent first', () => {
    const flags = findFlags(answers, NOW);
    expect(flags.length).toBeGreaterThanOrEqual(2);
    const ranks = flags.map((f) => urgencyRank(f.urgency));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(flags[0]!.urgency).toBe('emergency');
  });

  it('names the answers that raised a flag, as question and answer in words', () => {
    const acs = findFlags(answers, NOW).find((f) => f.concept === 'cardiac-chest-pain')!;
    expect(acs.evidence).toContainEqual({
      field: 'chestPainLocation',
      label: 'Chest Pain: Where is the pain, and does it spread?',
      answer: 'Spreads to the left arm',
    });
    expect(acs.source).toMatch(/NICE CG95/);
  });

  it('shows an age as evidence when a threshold raised the flag', () => {
    const cancer = findFlags(answers, NOW).find((f) => f.concept === 'suspected-cancer')!;
    expect(cancer.evidence).toContainEqual({
      field: 'dob',
      label: MESSAGES.flagEvidenceAge,
      answer: '62 years',
    });
  });

  it('drops a milder flag of a concept already raised more urgently, keeping its evidence', () => {
    const flags = findFlags({ ...answers, chronicConditions: ['Hypertension'] }, NOW);
    const chest = flags.filter((f) => f.concept === 'cardiac-chest-pain');
    expect(chest.map((f) => f.urgency)).toEqual(['emergency']);
    // The milder same-day rule (chest pain with a risk factor) gave its evidence to the emergency flag.
    expect(chest[0]!.evidence).toContainEqual(
      expect.objectContaining({ field: 'chronicConditions', answer: 'Hypertension' }),
    );
  });

  it('keeps two pathways of one concept at the same urgency apart', () => {
    const flags = findFlags(
      {
        ...base('Male', 45),
        additionalSymptoms: ['Weight Loss', 'Lumps/Bumps'],
        weightLossAmount: '5-10 kg',
        weightLossPeriod: '1-3 months',
        weightLossIntent: 'No',
        weightLossAssociated: ['Night sweats'],
        lumpLocation: 'Groin',
        lumpDuration: '2-4 weeks',
        lumpChange: 'Growing',
        lumpFeel: 'Hard and fixed',
      },
      NOW,
    );
    expect(flags.filter((f) => f.concept === 'suspected-cancer').map((f) => f.id)).toEqual([
      'sarcoma',
      'weight-loss-b-symptoms',
    ]);
  });

  it('writes the urgency, evidence and guidance into the summary text', () => {
    const s = deterministicSummary(answers, NOW);
    expect(s.flags?.[0]?.urgency).toBe('emergency');
    expect(s.text).toContain('[Emergency now]');
    expect(s.text).toContain('Spreads to the left arm');
    expect(s.text).toContain('Guidance: NICE CG95');
  });
});

describe('rules, contexts and the lexicon against the question bank', () => {
  const byField = new Map(ALL_QUESTIONS.map((q) => [q.field, q]));
  const symptoms = new Set<string>([...MAIN_SYMPTOMS, ...ADDITIONAL_SYMPTOMS]);
  const lexicon = new Set(LEXICON.map((t) => t.id));
  const contexts = new Set(Object.keys(CONTEXTS));
  const missingIn = (c: RedFlagCondition) =>
    namedOptions(c).filter((n) => {
      if ('symptom' in n) return !symptoms.has(n.symptom);
      if ('text' in n) return !lexicon.has(n.text);
      if ('context' in n) return !contexts.has(n.context);
      return !byField.get(n.field)?.options?.includes(n.option);
    });

  it.each(RED_FLAG_RULES.map((r) => [r.id, r] as const))('rule %s names only what exists', (_id, rule) => {
    expect(missingIn(rule.when)).toEqual([]);
  });

  it.each(Object.entries(CONTEXTS))('context %s names only what exists', (_id, when) => {
    expect(missingIn(when)).toEqual([]);
  });

  it('fails for a relabelled option, an unknown lexicon term or an unknown context (the check can fail)', () => {
    expect(missingIn({ field: 'lumpFeel', option: 'Hard & fixed' })).toHaveLength(1);
    expect(missingIn({ text: 'no-such-term' })).toHaveLength(1);
    expect(missingIn({ context: 'noSuchContext' as keyof typeof CONTEXTS })).toHaveLength(1);
  });

  it('names options a patient of that sex is offered', () => {
    const female = { gender: 'Female' } as IntakeAnswers;
    const male = { gender: 'Male' } as IntakeAnswers;
    for (const when of [...RED_FLAG_RULES.map((r) => r.when), ...Object.values(CONTEXTS)]) {
      for (const c of namedOptions(when)) {
        if (!('field' in c)) continue;
        const q = byField.get(c.field)!;
        expect(optionsFor(q, female).includes(c.option) || optionsFor(q, male).includes(c.option)).toBe(true);
      }
    }
  });

  it('gives every rule a unique id, a known concept and urgency, and a cited source', () => {
    expect(new Set(RED_FLAG_RULES.map((r) => r.id)).size).toBe(RED_FLAG_RULES.length);
    for (const r of RED_FLAG_RULES) {
      expect(FLAG_CONCEPT_IDS).toContain(r.concept);
      expect(FLAG_URGENCIES).toContain(r.urgency);
      expect(r.source).toMatch(/NICE|PHQ|RCOphth|GIRFT|ESC|BTS|Resuscitation|BSR|UKHSA|RCOG|BSG/);
    }
  });

  it('marks crisis only on suicide-risk rules', () => {
    for (const r of RED_FLAG_RULES.filter((x) => x.crisis)) expect(r.concept).toBe('suicide-risk');
  });
});
