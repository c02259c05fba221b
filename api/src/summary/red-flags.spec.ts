import {
  ADDITIONAL_SYMPTOMS,
  ALL_QUESTIONS,
  MAIN_SYMPTOMS,
  optionsFor,
  type IntakeAnswers,
} from '@medora/shared';
import {
  deterministicSummary,
  findRedFlags,
  gatherMedications,
  MEDICINE_MENTIONS,
} from './deterministic-summary.js';
import { matchingRedFlagRules, namedOptions, RED_FLAG_RULES } from './red-flags.js';

const NOW = new Date('2026-11-21T10:00:00Z');

interface Vignette {
  name: string;
  answers: IntakeAnswers;
  /** Ids of the red-flag rules expected, in table order; [] for none. */
  flags: string[];
  /** Lines (or parts of lines) expected in summary sections. */
  sections?: Record<string, string[]>;
}

const adult = (gender: 'Male' | 'Female', dob: string): IntakeAnswers => ({
  name: 'Test Patient',
  gender,
  dob,
  heightWeight: { heightFeet: 5, heightInches: 8, weight: 75 },
  visitType: 'New Appointment',
  allergyList: ['None'],
  chronicConditions: ['None'],
  medicationClasses: ['None'],
  pastSurgeries: 'No',
  smokingStatus: 'Never',
  alcoholUse: 'None',
});
const man = (dob = '1966-05-10') => adult('Male', dob);
const woman = (dob = '1970-02-01') => adult('Female', dob);

/*
 * Clinical vignettes: answers → the red flags and summary lines a clinician expects. Each cites the
 * published guidance it is written from.
 */
const VIGNETTES: Vignette[] = [
  {
    // NICE CG95 1.1.1: acute chest pain radiating to the left arm with sweating and breathlessness (ACS).
    name: 'crushing chest pain to the left arm with sweating and breathlessness',
    answers: {
      ...man(),
      symptoms: ['Chest Pain'],
      chestPainType: 'Pressure, squeezing or tightness',
      chestPainLocation: ['Center of the chest', 'Spreads to the left arm'],
      chestPainAssociated: ['Shortness of breath', 'Sweating'],
    },
    flags: ['acs', 'cardiac-pattern'],
    sections: { 'Chief complaints': ['Chest Pain (type: Pressure, squeezing or tightness'] },
  },
  {
    // Aortic dissection (ESC 2014 aortic diseases; NICE CG95 1.1.1): tearing pain spreading to the back.
    name: 'tearing chest pain spreading to the back',
    answers: {
      ...man('1958-01-01'),
      symptoms: ['Chest Pain'],
      chestPainType: 'Tearing',
      chestPainLocation: ['Spreads to the back'],
      chestPainAssociated: ['None of these'],
    },
    flags: ['cardiac-pattern'],
  },
  {
    // NICE NG158 1.2 (PE): sudden breathlessness with pleuritic chest pain.
    name: 'sudden breathlessness with chest pain (possible PE)',
    answers: {
      ...woman('1990-06-01'),
      symptoms: ['Chest Pain', 'Shortness of Breath'],
      chestPainType: 'Sharp or stabbing',
      chestPainTriggers: ['Deep breathing or coughing'],
      sobOnset: 'Suddenly',
      sobSeverity: 'Walking on flat ground',
    },
    flags: ['acs'],
  },
  {
    // NICE CG95: musculoskeletal chest pain reproduced by pressure, no associated features: no red flag.
    name: 'chest wall pain on pressing, nothing else',
    answers: {
      ...man('1995-01-01'),
      symptoms: ['Chest Pain'],
      chestPainType: 'Sharp or stabbing',
      chestPainLocation: ['Left side of the chest'],
      chestPainTriggers: ['Pressing on the chest'],
      chestPainAssociated: ['None of these'],
    },
    flags: [],
  },
  {
    // NICE NG128 1.1.1 (FAST): sudden one-sided weakness with facial droop and slurred speech.
    name: 'FAST positive: one-sided weakness, facial droop, slurred speech',
    answers: {
      ...man('1950-03-03'),
      symptoms: ['Other'],
      symptomsOther: 'Arm went weak this morning',
      additionalSymptoms: ['Weakness'],
      weaknessLocation: 'One side of the body',
      weaknessOnset: 'Suddenly (minutes)',
      weaknessAssociated: ['Slurred speech', 'Facial droop'],
    },
    flags: ['stroke'],
    sections: { 'Chief complaints': ['Other: Arm went weak this morning'] },
  },
  {
    // NICE NG128 1.1.1 (ROSIER): vertigo with slurred speech or facial droop is a posterior-circulation stroke sign.
    name: 'dizziness with slurred speech',
    answers: {
      ...woman('1948-08-08'),
      symptoms: ['Dizziness'],
      dizzinessType: 'The room spins (vertigo)',
      dizzinessAssociated: ['Slurred speech or facial droop'],
    },
    flags: ['stroke'],
  },
  {
    // NICE CKS vertigo (BPPV): positional vertigo with no neurological signs: no red flag.
    name: 'positional vertigo only (BPPV)',
    answers: {
      ...woman('1960-01-01'),
      symptoms: ['Dizziness'],
      dizzinessType: 'The room spins (vertigo)',
      dizzinessPattern: 'Seconds',
      dizzinessTriggers: ['Turning the head or rolling over in bed'],
      dizzinessAssociated: ['Nausea or vomiting'],
    },
    flags: [],
  },
  {
    // NICE NG228 1.1.1: thunderclap headache reaching maximum within a minute (subarachnoid haemorrhage).
    name: 'thunderclap headache',
    answers: {
      ...woman('1975-04-04'),
      symptoms: ['Headache'],
      headacheOnset: 'Suddenly, reaching full strength within a minute',
      headacheSeverity: 'Worst ever (9-10 out of 10)',
      headacheAssociated: ['Nausea or vomiting'],
    },
    flags: ['sah'],
  },
  {
    // NICE CG150 (headaches in over 12s): a typical recurrent tension-type headache is not a red flag.
    name: 'recurrent tension-type headache',
    answers: {
      ...woman('1988-04-04'),
      symptoms: ['Headache'],
      headacheLocation: 'Both sides of the head',
      headacheSeverity: 'Moderate (4-6 out of 10)',
      headacheOnset: 'It is a headache I have had before',
      headacheTriggers: ['Stress', 'Lack of sleep'],
      headacheAssociated: ['None of these'],
    },
    flags: [],
  },
  {
    // NICE NG240 1.1: fever, headache and neck stiffness (bacterial meningitis).
    name: 'fever, headache and stiff neck',
    answers: {
      ...man('2004-02-02'),
      symptoms: ['Fever', 'Headache'],
      feverTemp: '38.0-38.9 °C (100.4-102.0 °F)',
      feverAssociated: ['Headache', 'Stiff neck'],
      headacheAssociated: ['Sensitivity to light or sound', 'Stiff neck'],
    },
    flags: ['meningitis'],
  },
  {
    // NICE NG240 1.1 and NG51: fever with a non-blanching rash (meningococcal sepsis).
    name: 'fever with a non-blanching rash',
    answers: {
      ...woman('2001-02-02'),
      symptoms: ['Fever', 'Rash'],
      feverAssociated: ['Rash'],
      rashType: 'Small purple or red dots that do not fade when pressed',
      rashAssociated: ['Fever'],
    },
    flags: ['non-blanching-rash'],
  },
  {
    // NICE NG51 1.3: fever with new confusion (high-risk sepsis criterion).
    name: 'fever with new confusion',
    answers: {
      ...man('1940-01-01'),
      symptoms: ['Fever'],
      feverTemp: '39.0-39.4 °C (102.2-102.9 °F)',
      feverAssociated: ['Confusion or unusual drowsiness', 'Pain when passing urine'],
    },
    flags: ['sepsis'],
  },
  {
    // NICE NG51 1.3 (respiratory rate / SpO2 criteria): breathless at rest with blue lips.
    name: 'breathless at rest with cyanosis',
    answers: {
      ...man('1955-01-01'),
      chronicConditions: ['COPD'],
      symptoms: ['Shortness of Breath'],
      sobSeverity: 'At rest',
      sobAssociated: ['Blue lips or fingertips', 'Wheezing'],
    },
    flags: ['breathless-at-rest'],
    sections: { 'Chronic conditions': ['COPD'] },
  },
  {
    // NICE CG134 / Resuscitation Council UK: urticaria with lip and tongue swelling (anaphylaxis).
    name: 'hives with swelling of lips and tongue',
    answers: {
      ...woman('1999-09-09'),
      allergyList: ['Peanuts'],
      symptoms: ['Rash'],
      rashType: 'Raised bumps or hives',
      rashTriggers: ['Food'],
      rashAssociated: ['Itching', 'Swelling of lips, tongue or face'],
    },
    flags: ['anaphylaxis'],
    sections: { Allergies: ['Peanuts'] },
  },
  {
    // NICE NG84 1.1.1: sore throat unable to swallow saliva, trismus (quinsy / epiglottitis: admit).
    name: 'sore throat, cannot swallow saliva or open the mouth',
    answers: {
      ...man('1998-01-01'),
      symptoms: ['Sore Throat'],
      soreThroatSeverity: 'Unable to swallow saliva',
      soreThroatAssociated: ['Fever', 'Difficulty opening the mouth'],
    },
    flags: ['airway'],
  },
  {
    // NICE NG84 (FeverPAIN/Centor): an ordinary viral sore throat with cough: no red flag.
    name: 'viral sore throat with cough',
    answers: {
      ...woman('1993-03-03'),
      symptoms: ['Sore Throat'],
      soreThroatSeverity: 'Scratchy or mildly sore',
      soreThroatAssociated: ['Cough or runny nose'],
    },
    flags: [],
  },
  {
    // NICE CG109 1.2.1.3: syncope during exertion (cardiac cause until proven otherwise).
    name: 'fainting during exercise',
    answers: {
      ...man('2006-01-01'),
      additionalSymptoms: ['Fainting'],
      faintingSituation: 'During exercise',
      faintingWarning: ['None of these'],
    },
    flags: ['cardiac-syncope'],
  },
  {
    // NICE CG109 1.1.4: tongue biting and jerking with loss of consciousness (suspected epileptic seizure).
    name: 'blackout with tongue biting and jerking',
    answers: {
      ...woman('2000-01-01'),
      additionalSymptoms: ['Fainting'],
      faintingSituation: 'Lying down',
      faintingWarning: ['Jerking movements', 'Tongue biting or losing bladder control'],
    },
    flags: ['seizure'],
  },
  {
    // NICE CG109 1.1.2: uncomplicated vasovagal faint (pain, fear, prodrome): no red flag.
    name: 'vasovagal faint at the sight of blood',
    answers: {
      ...woman('2002-01-01'),
      additionalSymptoms: ['Fainting'],
      faintingSituation: 'After pain, fear or the sight of blood',
      faintingWarning: ['Light-headedness or tunnel vision'],
    },
    flags: [],
  },
  {
    // PHQ-9 item 9 (Kroenke 2001) and NICE NG225 1.5: recent thoughts of self-harm.
    name: 'low mood with recent thoughts of self-harm',
    answers: {
      ...man('1985-01-01'),
      additionalSymptoms: ['Depression'],
      depressionFrequency: 'Nearly every day',
      depressionInterest: 'Nearly every day',
      depressionSafety: 'Yes, recently',
    },
    flags: ['suicide-risk'],
  },
  {
    // PHQ-9 item 9: any positive answer needs a risk assessment; NICE NG225 1.5 (history of self-harm).
    name: 'low mood, would rather discuss self-harm thoughts in person',
    answers: {
      ...woman('1979-01-01'),
      additionalSymptoms: ['Depression'],
      depressionFrequency: 'Several days',
      depressionSafety: 'I would rather discuss this in person',
    },
    flags: ['suicide-risk-ask'],
  },
  {
    // PHQ-2 (Kroenke 2003): 'Not at all' on both screening items and no thoughts of self-harm.
    name: 'low mood screen negative',
    answers: {
      ...woman('1979-01-01'),
      additionalSymptoms: ['Depression'],
      depressionFrequency: 'Not at all',
      depressionInterest: 'Not at all',
      depressionSafety: 'No',
    },
    flags: [],
  },
  {
    // NICE CG141: vomiting blood or coffee-ground material (upper GI bleed).
    name: 'vomiting coffee-ground material',
    answers: {
      ...man('1962-01-01'),
      symptoms: ['Vomiting'],
      vomitingContent: 'Contains blood or looks like coffee grounds',
      vomitingFrequency: '3-5 times',
    },
    flags: ['gi-bleed'],
  },
  {
    // NICE CG84 (gastroenteritis) and NG51 1.3: cannot keep fluids down, little urine.
    name: 'persistent vomiting with little urine',
    answers: {
      ...woman('1991-01-01'),
      symptoms: ['Vomiting'],
      vomitingFrequency: 'Cannot keep any fluids down',
      vomitingContent: 'Food or clear fluid',
      vomitingAssociated: ['Little or no urine'],
    },
    flags: ['dehydration'],
  },
  {
    // GIRFT suspected cauda equina pathway (2023) / NICE CKS: saddle anaesthesia and new incontinence.
    name: 'back pain with saddle numbness and bladder loss',
    answers: {
      ...man('1972-01-01'),
      symptoms: ['Back Pain'],
      backPainLocation: 'Lower back',
      backPainAssociated: [
        'Pain or tingling down a leg',
        'Numbness around the groin or buttocks',
        'New loss of bladder or bowel control',
      ],
    },
    flags: ['cauda-equina'],
  },
  {
    // NICE NG59 1.1.1 / CKS: back pain with fever and weight loss (spinal infection or malignancy).
    name: 'back pain at night with weight loss',
    answers: {
      ...man('1950-01-01'),
      symptoms: ['Back Pain'],
      backPainTriggers: ['Night-time or rest'],
      backPainAssociated: ['Unexplained weight loss'],
    },
    flags: ['spinal-serious'],
  },
  {
    // NICE NG59: mechanical low back pain after lifting, no red flags.
    name: 'mechanical low back pain after lifting',
    answers: {
      ...man('1980-01-01'),
      symptoms: ['Back Pain'],
      backPainLocation: 'Lower back',
      backPainTriggers: ['Lifting or bending'],
      backPainAssociated: ['None of these'],
    },
    flags: [],
  },
  {
    // NICE NG158 1.1: unilateral leg swelling with calf tenderness (DVT; two-level Wells score).
    name: 'one swollen leg with calf pain',
    answers: {
      ...woman('1968-01-01'),
      additionalSymptoms: ['Swelling'],
      swellingLocation: 'One leg',
      swellingAssociated: ['Pain or tenderness in the calf', 'Redness or warmth'],
    },
    flags: ['dvt'],
  },
  {
    // RCOphth / NICE CKS: sudden painless loss of vision (retinal artery occlusion, detachment).
    name: 'sudden loss of vision in one eye',
    answers: {
      ...man('1952-01-01'),
      additionalSymptoms: ['Vision Problems'],
      visionEye: 'Left',
      visionType: 'Sudden loss of part or all of the vision',
    },
    flags: ['sudden-vision-hearing'],
  },
  {
    // NICE NG98 1.1.1: sudden hearing loss developing over 3 days or less (immediate referral).
    name: 'sudden hearing loss',
    answers: {
      ...woman('1964-01-01'),
      additionalSymptoms: ['Hearing Loss'],
      hearingOnset: 'Suddenly (within 3 days)',
      hearingEar: 'Right',
    },
    flags: ['sudden-vision-hearing'],
  },
  {
    // NICE NG12 1.10 (lymphoma: unexplained lymphadenopathy, night sweats, weight loss) and NG33 (TB).
    name: 'unintentional weight loss with night sweats',
    answers: {
      ...man('1966-01-01'),
      additionalSymptoms: ['Weight Loss'],
      weightLossAmount: '5-10 kg',
      weightLossPeriod: '1-3 months',
      weightLossIntent: 'No',
      weightLossAssociated: ['Night sweats', 'Loss of appetite'],
    },
    flags: ['weight-loss-systemic'],
  },
  {
    // NICE NG12 1.2.1: dysphagia at any age → urgent direct-access upper GI endoscopy.
    name: 'weight loss with difficulty swallowing',
    answers: {
      ...man('1955-01-01'),
      additionalSymptoms: ['Weight Loss'],
      weightLossIntent: 'No',
      weightLossAssociated: ['Difficulty swallowing'],
    },
    flags: ['dysphagia'],
  },
  {
    // NG12 does not apply to intended weight loss from diet and exercise.
    name: 'intentional weight loss on a diet',
    answers: {
      ...woman('1985-01-01'),
      additionalSymptoms: ['Weight Loss'],
      weightLossIntent: 'Yes, diet or exercise',
      weightLossAssociated: ['None of these'],
    },
    flags: [],
  },
  {
    // NICE NG12 1.3.1: change in bowel habit with weight loss, rectal bleeding (colorectal cancer).
    name: 'change in bowel habit with weight loss',
    answers: {
      ...man('1958-01-01'),
      additionalSymptoms: ['Bowel Changes'],
      bowelType: 'Narrower stools',
      bowelDuration: '1-3 months',
      bowelAssociated: ['Unexplained weight loss'],
    },
    flags: ['bowel-cancer'],
  },
  {
    // NICE NG12 1.3 / CG141: black or bloody stools (GI bleeding, colorectal cancer).
    name: 'black or bloody stools',
    answers: {
      ...woman('1950-01-01'),
      additionalSymptoms: ['Bowel Changes'],
      bowelType: 'Black or bloody stools',
      bowelAssociated: ['Tiredness'],
    },
    flags: ['gi-bleed'],
  },
  {
    // NICE NG12 1.1.1–1.1.2: haemoptysis; persistent cough with weight loss in a smoker (lung cancer).
    name: 'cough for 2 months with blood and weight loss in a smoker',
    answers: {
      ...man('1960-01-01'),
      smokingStatus: 'Current',
      symptoms: ['Cough'],
      coughType: 'With blood or blood-streaked phlegm',
      coughDuration: 'More than 8 weeks',
      coughAssociated: ['Weight loss'],
    },
    flags: ['gi-bleed', 'lung-cancer'],
    sections: { 'Social history': ['Smoking: Current'] },
  },
  {
    // NICE NG12 1.11.3 (soft tissue sarcoma) and 1.10 (lymphadenopathy): a hard, fixed, growing lump.
    name: 'hard fixed lump in the neck',
    answers: {
      ...man('1970-01-01'),
      additionalSymptoms: ['Lumps/Bumps'],
      lumpLocation: 'Neck',
      lumpChange: 'Growing',
      lumpFeel: 'Hard and fixed',
    },
    flags: ['lump'],
  },
  {
    // NICE NG12 1.4.1: unexplained breast lump aged 30 and over → suspected cancer pathway.
    name: 'breast lump',
    answers: {
      ...woman('1975-01-01'),
      additionalSymptoms: ['Lumps/Bumps'],
      lumpLocation: 'Breast',
      lumpChange: 'Same size',
      lumpFeel: 'Not sure',
    },
    flags: ['lump'],
  },
  {
    // NICE NG12 1.6.5: non-painful enlargement or change in the testis → suspected cancer pathway.
    name: 'testicular lump',
    answers: {
      ...man('1996-01-01'),
      additionalSymptoms: ['Lumps/Bumps'],
      lumpLocation: 'Testicle',
      lumpChange: 'Same size',
      lumpFeel: 'Not sure',
    },
    flags: ['lump'],
  },
  {
    // NICE CKS lipoma: a soft, mobile, unchanged skin lump is reassuring.
    name: 'soft mobile skin lump (lipoma)',
    answers: {
      ...woman('1980-01-01'),
      additionalSymptoms: ['Lumps/Bumps'],
      lumpLocation: 'Skin of the trunk',
      lumpChange: 'Same size',
      lumpFeel: 'Soft and moves',
    },
    flags: [],
  },
  {
    // NICE NG12 1.6.1: visible haematuria aged 45 and over → suspected bladder or kidney cancer.
    name: 'visible blood in the urine',
    answers: {
      ...man('1955-01-01'),
      additionalSymptoms: ['Urinary Symptoms'],
      urinaryType: ['Blood in the urine'],
      urinaryAssociated: ['None of these'],
    },
    flags: ['haematuria'],
  },
  {
    // NICE NG111 1.1: urinary symptoms with fever and loin pain (acute pyelonephritis).
    name: 'urinary symptoms with fever and loin pain',
    answers: {
      ...woman('1990-01-01'),
      additionalSymptoms: ['Urinary Symptoms'],
      urinaryType: ['Burning or pain when passing urine'],
      urinaryAssociated: ['Fever or chills', 'Pain in the side or back'],
    },
    flags: ['urosepsis'],
  },
  {
    // NICE NG109 (lower UTI): dysuria and frequency without systemic features: no red flag.
    name: 'simple cystitis',
    answers: {
      ...woman('1994-01-01'),
      additionalSymptoms: ['Urinary Symptoms'],
      urinaryType: ['Burning or pain when passing urine', 'Passing urine more often'],
      urinaryAssociated: ['None of these'],
    },
    flags: [],
  },
  {
    // NICE NG12 1.2.2: jaundice aged 40 and over → suspected pancreatic cancer pathway.
    name: 'abdominal pain with yellow eyes',
    answers: {
      ...man('1957-01-01'),
      symptoms: ['Abdominal Pain'],
      abdominalPainLocation: 'Upper right',
      abdominalPainAssociated: ['Yellow skin or eyes'],
    },
    flags: ['jaundice'],
  },
  {
    // NICE NG12 1.5.6 / 1.5.10: vaginal bleeding outside periods (post-menopausal bleeding aged 55+).
    name: 'post-menopausal vaginal bleeding',
    answers: {
      ...woman('1962-01-01'),
      additionalSymptoms: ['Bleeding'],
      bleedingSite: ['Vaginal, outside normal periods'],
      bleedingAmount: 'Spots or streaks',
      bleedingThinners: 'No',
    },
    flags: ['unexpected-vaginal-bleeding'],
  },
  {
    // NICE NG12 1.6.1 and the bleeding-on-anticoagulants advice (BNF): blood in urine while on a blood thinner.
    name: 'blood in urine on a blood thinner',
    answers: {
      ...man('1948-01-01'),
      additionalSymptoms: ['Bleeding'],
      bleedingSite: ['In urine'],
      bleedingAmount: 'A teaspoon or more',
      bleedingThinners: 'Yes',
    },
    flags: ['haematuria'],
    sections: { Medications: ['Blood thinner or aspirin (reported at the bleeding question)'] },
  },
  {
    // Routine upper respiratory infection (NICE NG120 cough, acute): no red flag.
    name: 'common cold',
    answers: {
      ...man('1990-01-01'),
      symptoms: ['Runny Nose', 'Cough'],
      runnyNoseDischarge: 'Clear and watery',
      coughType: 'Dry',
      coughDuration: 'Less than 1 week',
      coughAssociated: ['None of these'],
    },
    flags: [],
    sections: { 'Chief complaints': ['Runny Nose', 'Cough (type: Dry'] },
  },
];

describe('red-flag vignettes (issue 15 §3)', () => {
  it('has at least 30 vignettes and exercises every red-flag rule', () => {
    expect(VIGNETTES.length).toBeGreaterThanOrEqual(30);
    const hit = new Set(VIGNETTES.flatMap((v) => v.flags));
    expect(RED_FLAG_RULES.map((r) => r.id).filter((id) => !hit.has(id))).toEqual([]);
  });

  it.each(VIGNETTES.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    expect(matchingRedFlagRules(v.answers).map((r) => r.id)).toEqual(v.flags);
    const s = deterministicSummary(v.answers, NOW);
    expect(s.redFlags).toEqual(findRedFlags(v.answers));
    if (v.flags.length) expect(s.text.startsWith('RED FLAGS')).toBe(true);
    for (const [title, expected] of Object.entries(v.sections ?? {})) {
      const lines = s.sections.find((x) => x.title === title)?.lines ?? [];
      for (const part of expected) expect(lines.join('\n')).toContain(part);
    }
  });
});

describe('red-flag rules and the question bank', () => {
  const byField = new Map(ALL_QUESTIONS.map((q) => [q.field, q]));
  const symptoms = new Set<string>([...MAIN_SYMPTOMS, ...ADDITIONAL_SYMPTOMS]);

  it.each(RED_FLAG_RULES.map((r) => [r.id, r] as const))(
    'rule %s names only options the question bank offers',
    (_id, rule) => {
      const missing = namedOptions(rule.when).filter((c) =>
        'symptom' in c ? !symptoms.has(c.symptom) : !byField.get(c.field)?.options?.includes(c.option),
      );
      expect(missing).toEqual([]);
    },
  );

  it('fails for a relabelled option (the check can fail)', () => {
    const missing = namedOptions({ field: 'lumpFeel', option: 'Hard & fixed' }).filter(
      (c) => 'field' in c && !byField.get(c.field)?.options?.includes(c.option),
    );
    expect(missing).toHaveLength(1);
  });

  it('names an option a patient of that sex is offered', () => {
    // A rule about a sex-specific option must still be reachable for that sex.
    const female = { gender: 'Female' } as IntakeAnswers;
    const male = { gender: 'Male' } as IntakeAnswers;
    for (const rule of RED_FLAG_RULES) {
      for (const c of namedOptions(rule.when)) {
        if (!('field' in c)) continue;
        const q = byField.get(c.field)!;
        expect(optionsFor(q, female).includes(c.option) || optionsFor(q, male).includes(c.option)).toBe(true);
      }
    }
  });

  it('has unique ids and a cited source for every rule', () => {
    expect(new Set(RED_FLAG_RULES.map((r) => r.id)).size).toBe(RED_FLAG_RULES.length);
    for (const r of RED_FLAG_RULES) expect(r.source).toMatch(/NICE|PHQ|RCOphth|GIRFT|ESC|BTS|Resuscitation/);
  });
});

describe('medications gathered from every answer (issue 15 §3)', () => {
  it('lists the chronic-condition medicines when the free-text list is empty (no "None reported")', () => {
    const answers: IntakeAnswers = {
      ...man(),
      chronicConditions: ['Heart Disease', 'Hypertension', 'Thyroid Disorder'],
      heartDiseaseMeds: ['Aspirin'],
      hypertensionMeds: ['ACE inhibitor (e.g. lisinopril, ramipril)'],
      thyroidMeds: ['Levothyroxine'],
      medicationClasses: ['None'],
    };
    const meds = deterministicSummary(answers, NOW).sections.find((s) => s.title === 'Medications')!.lines;
    expect(meds).toEqual([
      'Aspirin (heart disease)',
      'ACE inhibitor (e.g. lisinopril, ramipril) (hypertension)',
      'Levothyroxine (thyroid disorder)',
    ]);
    expect(meds).not.toContain('None reported');
  });

  it('keeps one entry per medicine: a free-text line covers the class that names it', () => {
    expect(
      gatherMedications({
        medications: 'Ramipril 5 mg daily\nramipril 5 mg  daily\nMetformin 500 mg',
        medicationOther: 'Vitamin D',
        chronicConditions: ['Hypertension', 'Diabetes', 'Asthma'],
        hypertensionMeds: [
          'ACE inhibitor (e.g. lisinopril, ramipril)',
          'Calcium channel blocker (e.g. amlodipine)',
        ],
        diabetesMeds: ['Metformin', 'Diet and exercise only'],
        asthmaMeds: ['None'],
      }),
    ).toEqual([
      'Ramipril 5 mg daily',
      'Metformin 500 mg',
      'Vitamin D',
      'Calcium channel blocker (e.g. amlodipine) (hypertension)',
    ]);
  });

  it('lists a symptom answer that points at a medicine, and each such option exists in the question bank', () => {
    expect(gatherMedications({ diarrheaTriggers: ['Recent antibiotics', 'Food others also ate'] })).toEqual([
      'Recent antibiotics (reported with diarrhea)',
    ]);
    const byField = new Map(ALL_QUESTIONS.map((q) => [q.field, q]));
    expect(MEDICINE_MENTIONS.filter((m) => !byField.get(m.field)?.options?.includes(m.option))).toEqual([]);
  });

  it('says None reported only when no answer names a medicine', () => {
    const meds = deterministicSummary(man(), NOW).sections.find((s) => s.title === 'Medications')!.lines;
    expect(meds).toEqual(['None reported']);
  });
});
