import type { FlagConcept, FlagUrgency } from '@medora/shared';
import type { LexiconTermId } from './free-text-lexicon.js';

/**
 * A condition of a red-flag rule, written as data so that a test can check every option, field,
 * lexicon term and context it names against the question bank (a relabelled option must fail a
 * test, never silently disable an alert).
 */
export type RedFlagCondition =
  /** The answer to `field` is `option` (a select) or includes it (a multiselect). */
  | { field: string; option: string }
  /** The patient chose this symptom (main, additional, or new since the last visit). */
  | { symptom: string }
  /** The patient's age in whole years on the day of the summary, within [min, max]. */
  | { age: { min?: number; max?: number } }
  /** The patient's sex as answered ('gender'). */
  | { sex: 'Female' | 'Male' }
  /** A lexicon term found (not negated) in the screened free text. */
  | { text: LexiconTermId }
  /** A named piece of patient context (CONTEXTS), itself a condition. */
  | { context: ContextId }
  | { not: RedFlagCondition }
  | { any: RedFlagCondition[] }
  | { all: RedFlagCondition[] };

export interface RedFlagRule {
  /** Stable id: a clinician's review and the tests name it. */
  id: string;
  concept: FlagConcept;
  urgency: FlagUrgency;
  /** What the clinician reads. */
  message: string;
  /** The published guidance and section the rule follows. */
  source: string;
  when: RedFlagCondition;
  /** Self-harm or suicide intent: the patient sees crisis information at once. */
  crisis?: boolean;
}

const is = (field: string, option: string): RedFlagCondition => ({ field, option });
const any = (...c: RedFlagCondition[]): RedFlagCondition => ({ any: c });
const all = (...c: RedFlagCondition[]): RedFlagCondition => ({ all: c });
const not = (c: RedFlagCondition): RedFlagCondition => ({ not: c });
const symptom = (s: string): RedFlagCondition => ({ symptom: s });
const anyOf = (field: string, ...options: string[]) => any(...options.map((o) => is(field, o)));
const text = (id: LexiconTermId): RedFlagCondition => ({ text: id });
const ctx = (id: ContextId): RedFlagCondition => ({ context: id });
const age = (min?: number, max?: number): RedFlagCondition => ({ age: { min, max } });
const female: RedFlagCondition = { sex: 'Female' };

const RISK = {
  chemo: 'Chemotherapy (now or in the last 6 weeks)',
  steroids: 'Steroid tablets (e.g. prednisolone)',
  immuno: 'Other medicines that lower immunity (e.g. methotrexate, azathioprine, transplant medicines)',
  insulin: 'Insulin',
  thinners: 'Blood thinners (e.g. warfarin, apixaban, rivaroxaban)',
};
const SEVERE_PAIN = ['Severe (7-8 out of 10)', 'Worst ever (9-10 out of 10)'];
const RECENT_ACUTE = ['Less than 24 hours', '1-3 days', '4-7 days'];

/**
 * Patient context the rules read, each from every place the record can say it: the structured
 * answers and the free text. Named so that a rule reads like the guidance ("fever on chemotherapy").
 */
export const CONTEXTS = {
  chemotherapy: any(is('riskMedicines', RISK.chemo), text('chemotherapy')),
  immunosuppressed: any(
    is('riskMedicines', RISK.steroids),
    is('riskMedicines', RISK.immuno),
    is('riskMedicines', RISK.chemo),
    text('immunosuppressant'),
    text('chemotherapy'),
  ),
  insulin: any(is('riskMedicines', RISK.insulin), is('diabetesMeds', 'Insulin'), text('insulin')),
  hypoglycaemicMedicine: any(
    is('riskMedicines', RISK.insulin),
    is('diabetesMeds', 'Insulin'),
    is('diabetesMeds', 'Sulfonylurea (e.g. gliclazide, glipizide)'),
    text('insulin'),
    text('sulfonylurea'),
  ),
  diabetes: any(
    is('chronicConditions', 'Diabetes'),
    is('medicationClasses', 'Diabetes medicines'),
    is('riskMedicines', RISK.insulin),
    text('insulin'),
    text('diabetes'),
  ),
  sglt2: any(is('diabetesMeds', 'SGLT2 inhibitor (e.g. empagliflozin, dapagliflozin)'), text('sglt2')),
  anticoagulated: any(
    is('riskMedicines', RISK.thinners),
    is('heartDiseaseMeds', 'Anticoagulant (e.g. warfarin, apixaban)'),
    is('medicationClasses', 'Blood thinners'),
    is('bleedingThinners', 'Yes'),
    text('anticoagulant'),
  ),
  pregnant: is('pregnancyStatus', 'Yes, I am pregnant'),
  // NICE NG126 1.2: think of pregnancy in anyone who could be pregnant; "prefer not to say" is not "no".
  possiblyPregnant: any(
    anyOf('pregnancyStatus', 'Possibly', 'Prefer not to say'),
    is('nauseaAssociated', 'Possible pregnancy'),
    text('pregnancy'),
  ),
  postpartum: is('pregnancyStatus', 'I gave birth in the last 6 weeks'),
  cancerHistory: any(
    is('chronicConditions', 'Cancer'),
    is('riskMedicines', RISK.chemo),
    text('cancer-history'),
    text('chemotherapy'),
  ),
  everSmoked: anyOf('smokingStatus', 'Former', 'Current'),
  recentSurgery: any(
    is('feverExposure', 'Had surgery or a hospital stay'),
    all(
      is('surgeryDate', 'Less than 6 months ago'),
      anyOf('surgeryRecovery', 'Still recovering', 'Poor', 'Fair'),
    ),
    text('recent-operation'),
  ),
  travelled: any(
    is('travelAbroad', 'Yes'),
    is('feverExposure', 'Travelled abroad'),
    is('diarrheaTriggers', 'Recent travel'),
    text('travel'),
  ),
  fever: any(
    symptom('Fever'),
    is('headacheAssociated', 'Fever'),
    is('coughAssociated', 'Fever'),
    is('soreThroatAssociated', 'Fever'),
    is('runnyNoseAssociated', 'Fever'),
    is('vomitingAssociated', 'Fever'),
    is('diarrheaAssociated', 'Fever'),
    is('abdominalPainAssociated', 'Fever'),
    is('backPainAssociated', 'Fever'),
    is('rashAssociated', 'Fever'),
    is('jointPainAssociated', 'Fever'),
    is('urinaryAssociated', 'Fever or chills'),
    text('fever'),
  ), // A source of infection besides a fever (NICE NG51 1.1: suspect sepsis with signs of infection).
  infection: any(
    is('coughType', 'With yellow or green phlegm'),
    is('urinaryType', 'Burning or pain when passing urine'),
    text('wound-problem'),
  ),
  rigors: any(
    is('feverPattern', 'Comes with shaking chills'),
    is('urinaryAssociated', 'Fever or chills'),
    text('rigors'),
  ),
  confusion: any(
    is('feverAssociated', 'Confusion or unusual drowsiness'),
    is('headacheAssociated', 'Confusion, weakness or trouble speaking'),
    text('confusion'),
  ),
  breathless: any(
    symptom('Shortness of Breath'),
    is('chestPainAssociated', 'Shortness of breath'),
    is('coughAssociated', 'Shortness of breath'),
    is('palpitationsAssociated', 'Shortness of breath'),
    is('swellingAssociated', 'Shortness of breath'),
    is('fatigueAssociated', 'Shortness of breath'),
    is('weightGainAssociated', 'Shortness of breath'),
    text('breathless'),
    text('cannot-breathe'),
  ),
  vomiting: any(
    symptom('Vomiting'),
    is('nauseaAssociated', 'Vomiting'),
    is('chestPainAssociated', 'Nausea or vomiting'),
    is('headacheAssociated', 'Nausea or vomiting'),
    is('abdominalPainAssociated', 'Nausea or vomiting'),
    is('diarrheaAssociated', 'Vomiting'),
    is('dizzinessAssociated', 'Nausea or vomiting'),
    text('vomiting'),
  ),
  abdominalPain: any(
    symptom('Abdominal Pain'),
    is('nauseaAssociated', 'Abdominal pain'),
    is('vomitingAssociated', 'Abdominal pain'),
    is('urinaryAssociated', 'Lower abdominal pain'),
    is('bowelAssociated', 'Abdominal pain or bloating'),
    text('severe-abdominal-pain'),
    text('abdominal-pain'),
  ),
  headache: any(
    symptom('Headache'),
    is('feverAssociated', 'Headache'),
    is('visionAssociated', 'Headache'),
    text('headache'),
  ),
  visualDisturbance: any(
    is('headacheAssociated', 'Visual disturbance (aura)'),
    symptom('Vision Problems'),
    text('pre-eclampsia-signs'),
  ),
  unintendedWeightLoss: any(
    all(symptom('Weight Loss'), anyOf('weightLossIntent', 'No', 'Partly')),
    is('coughAssociated', 'Weight loss'),
    is('backPainAssociated', 'Unexplained weight loss'),
    is('bowelAssociated', 'Unexplained weight loss'),
    text('weight-loss'),
  ),
  thirstPolyuria: any(
    is('weightLossAssociated', 'Increased thirst or urination'),
    is('fatigueAssociated', 'Increased thirst or urination'),
    text('thirst-polyuria'),
  ),
  fainted: any(
    symptom('Fainting'),
    is('chestPainAssociated', 'Light-headedness or fainting'),
    is('palpitationsAssociated', 'Fainting'),
    text('fainting'),
  ),
  vaginalBleeding: any(is('bleedingSite', 'Vaginal, outside normal periods'), text('vaginal-bleeding')),
  backPain: any(symptom('Back Pain'), text('back-pain')),
  chestPain: any(
    symptom('Chest Pain'),
    is('sobAssociated', 'Chest pain'),
    is('palpitationsAssociated', 'Chest pain'),
    is('faintingWarning', 'Chest pain'),
    text('chest-pain'),
    text('chest-pain-cardiac'),
  ),
} satisfies Record<string, RedFlagCondition>;
export type ContextId = keyof typeof CONTEXTS;

const earlyOrPossiblePregnancy = any(
  all(ctx('pregnant'), not(anyOf('pregnancyWeeks', '12 to 20 weeks', 'More than 20 weeks'))),
  ctx('possiblyPregnant'),
);
const after20Weeks = all(ctx('pregnant'), anyOf('pregnancyWeeks', 'More than 20 weeks', 'Not sure'));
const cardiacChestFeatures = any(
  is('chestPainType', 'Pressure, squeezing or tightness'),
  anyOf('chestPainLocation', 'Spreads to the left arm', 'Spreads to the jaw or neck'),
  anyOf('chestPainAssociated', 'Sweating', 'Nausea or vomiting', 'Light-headedness or fainting'),
  is('chestPainTriggers', 'Physical exertion'),
  is('chestPainTriggers', 'Comes on at rest'),
);
const painfulOrHot = anyOf('jointPainAssociated', 'Redness or warmth');
const newHeadache = not(is('headacheOnset', 'It is a headache I have had before'));
const lumpUnexplained = not(is('lumpFeel', 'Painful or tender'));

/**
 * The red-flag rules. Each reads the whole patient (answers, age, sex, pregnancy, conditions,
 * medicines, surgery, travel, free text); flags are listed most urgent first whatever the order
 * here. A rule prompts a clinician to look; it does not diagnose.
 */
export const RED_FLAG_RULES: readonly RedFlagRule[] = [
  // ── suicide and self-harm (NICE NG225 1.5, CG16; PHQ-9 item 9) ───────────────────────────────────
  {
    id: 'suicide-plan-text',
    concept: 'suicide-risk',
    urgency: 'emergency',
    crisis: true,
    message:
      'The patient describes a plan or intent to end their life or harm themselves: assess safety now.',
    source: 'NICE NG225 (self-harm) 1.5 and 1.6; NICE CG16: intent or a plan needs immediate assessment',
    when: text('suicide-plan'),
  },
  {
    id: 'suicide-thoughts',
    concept: 'suicide-risk',
    urgency: 'same-day',
    crisis: true,
    message: 'Recent thoughts of self-harm or of being better off dead: assess safety today.',
    source: 'PHQ-9 item 9 (Kroenke 2001); NICE NG225 1.5; NICE NG222 (depression) 1.3',
    when: any(is('depressionSafety', 'Yes, recently'), text('suicide-thoughts')),
  },
  {
    id: 'suicide-ask',
    concept: 'suicide-risk',
    urgency: 'routine',
    message:
      'Thoughts of self-harm in the past, or the patient asked to discuss them in person: ask about current risk.',
    source: 'PHQ-9 item 9 (any positive answer needs follow-up); NICE NG225 1.5 (history of self-harm)',
    when: anyOf('depressionSafety', 'Yes, in the past', 'I would rather discuss this in person'),
  },
  // ── chest pain (NICE CG95 1.1, NG185; NG158) ─────────────────────────────────────────────────────
  {
    id: 'acs',
    concept: 'cardiac-chest-pain',
    urgency: 'emergency',
    message:
      'Chest pain with cardiac features (pressure, radiation to arm or jaw, sweating, breathlessness, at rest): assess now for acute coronary syndrome.',
    source:
      'NICE CG95 (chest pain of recent onset) 1.1.1–1.1.3: refer as an emergency if current or recent pain',
    when: any(
      all(
        symptom('Chest Pain'),
        any(
          all(cardiacChestFeatures, anyOf('chestPainDuration', ...RECENT_ACUTE)),
          is('chestPainTriggers', 'Comes on at rest'),
          anyOf('chestPainLocation', 'Spreads to the left arm', 'Spreads to the jaw or neck'),
          anyOf('chestPainAssociated', 'Shortness of breath', 'Sweating', 'Light-headedness or fainting'),
        ),
      ),
      text('chest-pain-cardiac'),
      all(ctx('chestPain'), any(symptom('Shortness of Breath'), is('sobAssociated', 'Chest pain'))),
      all(ctx('chestPain'), is('faintingWarning', 'Chest pain')),
    ),
  },
  {
    id: 'aortic-dissection',
    concept: 'cardiac-chest-pain',
    urgency: 'emergency',
    message: 'Tearing chest pain or pain spreading to the back: consider aortic dissection.',
    source: 'NICE CG95 1.1.1; NICE NG185 context; ESC 2014 aortic disease guideline (tearing pain)',
    when: all(
      symptom('Chest Pain'),
      any(
        is('chestPainType', 'Tearing'),
        all(is('chestPainLocation', 'Spreads to the back'), anyOf('chestPainLevel', ...SEVERE_PAIN)),
      ),
    ),
  },
  {
    id: 'angina-pattern',
    concept: 'cardiac-chest-pain',
    urgency: 'same-day',
    message: 'Chest pain with cardiac features over a longer period: assess for angina or unstable angina.',
    source:
      'NICE CG95 1.3 (stable chest pain): typical features — constricting, on exertion, relieved by rest', // Typical or atypical angina needs exertion among its features (CG95 1.3.3).
    when: all(
      symptom('Chest Pain'),
      is('chestPainTriggers', 'Physical exertion'),
      any(
        is('chestPainType', 'Pressure, squeezing or tightness'),
        anyOf('chestPainLocation', 'Spreads to the left arm', 'Spreads to the jaw or neck'),
      ),
      anyOf('chestPainDuration', '1-4 weeks', 'More than 4 weeks'),
    ),
  },
  {
    id: 'chest-pain-risk',
    concept: 'cardiac-chest-pain',
    urgency: 'same-day',
    message:
      'Chest pain in a patient with heart disease, diabetes or hypertension: assess today for a cardiac cause.',
    source: 'NICE CG95 1.1.1 and 1.3.3 (cardiovascular risk factors raise the likelihood of a cardiac cause)',
    when: all(
      ctx('chestPain'),
      any(anyOf('chronicConditions', 'Heart Disease', 'Diabetes', 'Hypertension'), age(50)),
      // Pain reproduced by pressing on the chest wall is musculoskeletal (CG95 1.3.4).
      not(is('chestPainTriggers', 'Pressing on the chest')),
    ),
  },
  {
    id: 'chest-pain-free-text',
    concept: 'cardiac-chest-pain',
    urgency: 'same-day',
    message: 'Chest pain described in the patient’s own words: ask when it started and what it is like.',
    source: 'NICE CG95 1.1.1 (assess any recent chest pain for an acute coronary syndrome)',
    when: all(text('chest-pain'), not(symptom('Chest Pain'))),
  },
  {
    id: 'pe',
    concept: 'pulmonary-embolism',
    urgency: 'emergency',
    message:
      'Sudden breathlessness or pleuritic pain with coughed blood, a swollen leg or a clotting risk: consider pulmonary embolism.',
    source:
      'NICE NG158 (venous thromboembolic diseases) 1.1.5–1.1.7: signs and symptoms, Wells score risk factors',
    when: any(
      all(
        any(
          is('sobOnset', 'Suddenly'),
          is('chestPainTriggers', 'Deep breathing or coughing'),
          is('coughAssociated', 'Chest pain when breathing'),
        ),
        ctx('breathless'),
        any(
          is('coughType', 'With blood or blood-streaked phlegm'),
          text('haemoptysis'),
          is('swellingLocation', 'One leg'),
          text('calf-swelling'),
          ctx('recentSurgery'),
          ctx('pregnant'),
          ctx('postpartum'),
          ctx('cancerHistory'),
          all(is('sobOnset', 'Suddenly'), is('chestPainTriggers', 'Deep breathing or coughing')),
        ),
      ),
      all(any(is('swellingLocation', 'One leg'), text('calf-swelling')), ctx('breathless')),
    ),
  },
  {
    id: 'acute-heart-failure',
    concept: 'heart-failure',
    urgency: 'emergency',
    message:
      'Breathlessness at rest with orthopnoea, night breathlessness or swollen ankles: possible acute heart failure.',
    source:
      'NICE CG187 (acute heart failure) 1.2; NICE NG106: breathlessness at rest needs emergency assessment',
    when: all(
      is('sobSeverity', 'At rest'),
      any(
        anyOf('sobTriggers', 'Lying flat', 'Waking me at night'),
        is('sobAssociated', 'Swollen ankles'),
        is('chronicConditions', 'Heart Disease'),
      ),
    ),
  },
  {
    id: 'dvt',
    concept: 'deep-vein-thrombosis',
    urgency: 'same-day',
    message: 'One swollen leg with calf pain or warmth: assess for deep vein thrombosis.',
    source: 'NICE NG158 1.1.1–1.1.4: two-level DVT Wells score; ultrasound within 4 hours',
    when: any(
      all(
        is('swellingLocation', 'One leg'),
        anyOf('swellingAssociated', 'Pain or tenderness in the calf', 'Redness or warmth'),
      ),
      text('calf-swelling'),
    ),
  },
  // ── breathing and airway (BTS/SIGN 158, NG51, NG84; Resuscitation Council UK) ────────────────────
  {
    id: 'breathless-at-rest',
    concept: 'respiratory-distress',
    urgency: 'emergency',
    message: 'Breathlessness at rest, blue lips or unable to breathe: assess now.',
    source: 'NICE NG51 1.3 (respiratory high-risk criteria); BTS/SIGN 158 (life-threatening asthma)',
    when: any(
      is('sobSeverity', 'At rest'),
      is('sobAssociated', 'Blue lips or fingertips'),
      text('cannot-breathe'),
    ),
  },
  {
    id: 'breathless-lung-disease',
    concept: 'respiratory-distress',
    urgency: 'same-day',
    message:
      'Asthma or COPD with breathlessness walking on flat ground or worse: assess today for an exacerbation.',
    source: 'BTS/SIGN 158 (acute asthma); NICE NG115 1.3 (COPD exacerbations)',
    when: all(
      anyOf('chronicConditions', 'Asthma', 'COPD'),
      anyOf('sobSeverity', 'Walking on flat ground', 'At rest'),
    ),
  },
  {
    id: 'airway',
    concept: 'airway-compromise',
    urgency: 'emergency',
    message:
      'Unable to swallow saliva or to open the mouth with a sore throat: possible epiglottitis or quinsy.',
    source:
      'NICE NG84 (sore throat, acute) 1.1.1: admit if severe systemic illness or suppurative complications',
    when: any(
      is('soreThroatSeverity', 'Unable to swallow saliva'),
      is('soreThroatAssociated', 'Difficulty opening the mouth'),
    ),
  },
  {
    id: 'anaphylaxis',
    concept: 'anaphylaxis',
    urgency: 'emergency',
    message: 'Swelling of lips, tongue, face or throat: possible anaphylaxis or angioedema.',
    source: 'Resuscitation Council UK (2021) emergency treatment of anaphylaxis; NICE CG134',
    when: any(
      is('rashAssociated', 'Swelling of lips, tongue or face'),
      text('anaphylaxis'),
      // Sudden skin features with a breathing or circulation problem (RCUK 2021 criteria).
      all(
        any(text('hives'), is('rashType', 'Raised bumps or hives')),
        any(
          text('wheeze'),
          is('sobAssociated', 'Wheezing'),
          is('coughAssociated', 'Wheezing'),
          ctx('breathless'),
          ctx('fainted'),
          is('dizzinessType', 'Light-headed, as if about to faint'),
        ),
      ),
    ),
  },
  {
    id: 'heart-failure',
    concept: 'heart-failure',
    urgency: 'same-day',
    message:
      'Breathlessness lying flat or waking at night, or with swollen ankles: assess for heart failure.',
    source: 'NICE NG106 (chronic heart failure) 1.2.1–1.2.3: symptoms, NT-proBNP and echocardiography',
    when: any(
      all(
        ctx('breathless'),
        any(
          anyOf('sobTriggers', 'Lying flat', 'Waking me at night'),
          is('sobAssociated', 'Swollen ankles'),
          is('swellingLocation', 'Both ankles or legs'),
          text('orthopnoea'),
        ),
      ),
      all(
        is('swellingLocation', 'Both ankles or legs'),
        anyOf('swellingAssociated', 'Shortness of breath', 'Weight gain'),
        is('chronicConditions', 'Heart Disease'),
      ),
    ),
  },
  // ── syncope (NICE CG109) ─────────────────────────────────────────────────────────────────────────
  {
    id: 'cardiac-syncope',
    concept: 'cardiac-syncope',
    urgency: 'same-day',
    message:
      'Fainting on exertion, lying down, with palpitations or chest pain, or without warning at 65 or over: possible cardiac syncope.',
    source: 'NICE CG109 (transient loss of consciousness) 1.2.1.3: refer within 24 hours',
    when: any(
      anyOf('faintingSituation', 'During exercise', 'Lying down'),
      anyOf('faintingWarning', 'Chest pain', 'Palpitations'),
      is('palpitationsAssociated', 'Fainting'),
      all(
        symptom('Fainting'),
        any(symptom('Palpitations'), ctx('chestPain'), is('chronicConditions', 'Heart Disease')),
      ),
      all(symptom('Fainting'), age(65), is('faintingWarning', 'None of these')),
      all(ctx('fainted'), ctx('breathless')),
      all(text('fainting'), any(text('palpitations'), text('chest-pain'), text('breathless'))),
      // CG109 1.1.3: family history of sudden cardiac death under 40.
      all(ctx('fainted'), text('family-sudden-death')),
    ),
  },
  {
    id: 'seizure',
    concept: 'suspected-seizure',
    urgency: 'same-day',
    message: 'Loss of consciousness with jerking, tongue biting or incontinence: possible epileptic seizure.',
    source: 'NICE CG109 1.1.4; NICE NG217 (epilepsies) 1.2: refer a suspected first seizure urgently',
    when: anyOf('faintingWarning', 'Jerking movements', 'Tongue biting or losing bladder control'),
  },
  // ── stroke (NICE NG128) ──────────────────────────────────────────────────────────────────────────
  {
    id: 'stroke',
    concept: 'stroke-tia',
    urgency: 'emergency',
    message: 'Sudden weakness, numbness, facial droop, speech or vision disturbance: consider stroke (FAST).',
    source: 'NICE NG128 (stroke and TIA) 1.1.1–1.1.2: FAST / ROSIER; admit suspected stroke directly',
    when: any(
      is('headacheAssociated', 'Confusion, weakness or trouble speaking'),
      all(is('weaknessOnset', 'Suddenly (minutes)'), not(is('weaknessLocation', 'Whole body'))),
      all(
        is('weaknessLocation', 'One side of the body'),
        not(is('weaknessOnset', 'Gradually over weeks or months')),
      ),
      anyOf('weaknessAssociated', 'Slurred speech', 'Facial droop'),
      is('dizzinessAssociated', 'Slurred speech or facial droop'),
      all(
        is('dizzinessAssociated', 'Double vision'),
        not(is('dizzinessType', 'Light-headed, as if about to faint')),
      ),
      all(is('numbnessLocation', 'One side of the body'), not(is('numbnessOnset', 'Gradually'))),
      all(is('numbnessLocation', 'Face'), is('numbnessOnset', 'Suddenly')),
      is('numbnessAssociated', 'Trouble speaking'),
      all(is('visionType', 'Double vision'), is('visionOnset', 'Suddenly')),
      text('stroke-signs'),
    ),
  },
  {
    id: 'facial-weakness',
    concept: 'stroke-tia',
    urgency: 'same-day',
    message: 'Weakness of the face or one limb: assess today for stroke or TIA, or Bell’s palsy.',
    source: 'NICE NG128 1.1.3 (TIA: specialist assessment within 24 hours); NICE CKS Bell’s palsy',
    when: any(
      all(
        anyOf('weaknessLocation', 'Face', 'One arm or leg'),
        not(is('weaknessOnset', 'Gradually over weeks or months')),
      ),
      is('memoryOnset', 'Suddenly'),
    ),
  },
  // ── headache (NICE NG228, NG240, CKS headache, BSR GCA) ─────────────────────────────────────────
  {
    id: 'sah',
    concept: 'subarachnoid-haemorrhage',
    urgency: 'emergency',
    message: 'Sudden-onset (thunderclap) headache: rule out subarachnoid haemorrhage.',
    source: 'NICE NG228 (subarachnoid haemorrhage) 1.1.1: thunderclap headache peaking within 1–5 minutes',
    when: any(
      is('headacheOnset', 'Suddenly, reaching full strength within a minute'),
      all(
        is('headacheSeverity', 'Worst ever (9-10 out of 10)'),
        newHeadache,
        not(is('headacheOnset', 'Gradually over days')),
        is('headacheDuration', 'Less than 24 hours'),
      ),
      text('thunderclap'),
    ),
  },
  {
    id: 'new-severe-headache',
    concept: 'subarachnoid-haemorrhage',
    urgency: 'same-day',
    message: 'A new worst-ever headache that is not the patient’s usual headache: assess today.',
    source: 'NICE NG228 1.1.1; NICE CKS headache — assessment (red flags: new severe headache)',
    when: all(
      is('headacheSeverity', 'Worst ever (9-10 out of 10)'),
      newHeadache,
      not(is('headacheOnset', 'Gradually over days')),
    ),
  },
  {
    id: 'meningitis',
    concept: 'meningitis',
    urgency: 'emergency',
    message:
      'Fever or headache with a stiff neck or a non-blanching rash: rule out bacterial meningitis or meningococcal disease.',
    source: 'NICE NG240 (bacterial meningitis and meningococcal disease) 1.1.1–1.1.4',
    when: any(
      all(
        ctx('fever'),
        ctx('headache'),
        any(is('feverAssociated', 'Stiff neck'), is('headacheAssociated', 'Stiff neck'), text('stiff-neck')),
      ),
      all(
        ctx('headache'),
        is('headacheAssociated', 'Stiff neck'),
        is('headacheAssociated', 'Sensitivity to light or sound'),
        newHeadache,
      ),
      is('rashType', 'Small purple or red dots that do not fade when pressed'),
      text('non-blanching-rash'),
      all(ctx('fever'), ctx('headache'), ctx('confusion')),
      all(
        ctx('fever'),
        any(is('feverAssociated', 'Stiff neck'), text('stiff-neck')),
        any(ctx('confusion'), text('photophobia')),
      ),
    ),
  },
  {
    id: 'raised-icp',
    concept: 'raised-intracranial-pressure',
    urgency: 'same-day',
    message:
      'A new headache brought on by coughing or straining, or with vomiting and neurological features: assess for raised intracranial pressure.',
    source: 'NICE CKS headache — assessment (red flags); NICE NG12 1.9 (brain and CNS cancers)',
    when: all(
      ctx('headache'),
      newHeadache,
      any(
        is('headacheTriggers', 'Coughing or straining'),
        all(is('headacheDuration', 'More than 4 weeks'), ctx('vomiting')),
        // A headache that came on over days with a neurological deficit (CKS red flag; NG12 1.9).
        all(
          is('headacheOnset', 'Gradually over days'),
          is('headacheAssociated', 'Confusion, weakness or trouble speaking'),
        ),
      ),
    ),
  },
  {
    id: 'giant-cell-arteritis',
    concept: 'giant-cell-arteritis',
    urgency: 'same-day',
    message:
      'A new headache at 50 or over with visual symptoms: consider giant cell arteritis (same-day assessment).',
    source: 'BSR guideline on giant cell arteritis (2020): fast-track same-day assessment; NICE CKS GCA',
    when: any(
      all(
        age(50),
        ctx('headache'),
        newHeadache,
        not(ctx('pregnant')),
        any(
          is('headacheAssociated', 'Visual disturbance (aura)'),
          symptom('Vision Problems'),
          text('gca-signs'),
        ),
      ),
      all(age(50), text('gca-signs'), text('headache')),
    ),
  },
  // ── sepsis and infection (NICE NG51, CG151, NG111; UKHSA; NG125) ────────────────────────────────
  {
    id: 'neutropenic-sepsis',
    concept: 'neutropenic-sepsis',
    urgency: 'emergency',
    message:
      'Fever or feeling unwell during or after chemotherapy: suspect neutropenic sepsis — immediate assessment.',
    source: 'NICE CG151 (neutropenic sepsis) 1.1.1–1.1.2: refer immediately; antibiotics within 1 hour',
    when: all(ctx('chemotherapy'), any(ctx('fever'), ctx('rigors'), ctx('confusion'))),
  },
  {
    id: 'sepsis-high-risk-infection',
    concept: 'sepsis',
    urgency: 'emergency',
    message:
      'Signs of infection with confusion, fast breathing, blue lips, little urine or mottled skin: assess now for sepsis.',
    source: 'NICE NG51 1.3–1.5: high-risk criteria with suspected infection, even without a measured fever',
    when: all(
      ctx('infection'),
      any(
        ctx('confusion'),
        is('sobSeverity', 'At rest'),
        is('sobAssociated', 'Blue lips or fingertips'),
        text('cannot-breathe'),
        text('no-urine'),
        text('mottled-skin'),
      ),
    ),
  },
  {
    id: 'sepsis-high-risk',
    concept: 'sepsis',
    urgency: 'emergency',
    message:
      'Fever with confusion, breathlessness at rest, little urine or a non-blanching rash: assess now for sepsis.',
    source:
      'NICE NG51 (suspected sepsis) 1.3–1.5: high-risk criteria (mental state, respiratory rate, urine output, mottled or non-blanching rash)',
    when: all(
      ctx('fever'),
      any(
        ctx('confusion'),
        is('sobSeverity', 'At rest'),
        is('sobAssociated', 'Blue lips or fingertips'),
        is('vomitingAssociated', 'Little or no urine'),
        is('rashType', 'Small purple or red dots that do not fade when pressed'),
        text('cannot-breathe'),
        text('no-urine'),
        text('mottled-skin'),
      ),
    ),
  },
  {
    id: 'sepsis-moderate',
    concept: 'sepsis',
    urgency: 'same-day',
    message:
      'Fever with rigors, or in a patient at higher risk (immunosuppressed, pregnant or recently pregnant, 75 or over): assess today for sepsis.',
    source: 'NICE NG51 1.1.3 (risk factors) and 1.3 (moderate-to-high-risk criteria: rigors)',
    when: all(
      ctx('fever'),
      any(ctx('rigors'), ctx('immunosuppressed'), ctx('pregnant'), ctx('postpartum'), age(75)),
    ),
  },
  {
    id: 'pyelonephritis',
    concept: 'sepsis',
    urgency: 'same-day',
    message: 'Urinary symptoms with fever and loin pain: possible pyelonephritis — assess today for sepsis.',
    source: 'NICE NG111 (pyelonephritis, acute) 1.1; NICE NG51 (sepsis)',
    when: all(
      any(is('urinaryAssociated', 'Fever or chills'), all(symptom('Urinary Symptoms'), ctx('fever'))),
      any(is('urinaryAssociated', 'Pain in the side or back'), is('backPainLocation', 'One side (flank)')),
    ),
  },
  {
    id: 'imported-fever-severe',
    concept: 'imported-fever',
    urgency: 'emergency',
    message:
      'Fever after travel with confusion, breathlessness at rest or unable to keep fluids down: possible severe malaria — emergency.',
    source:
      'UK malaria treatment guidelines (2016) and UKHSA: features of severe malaria need immediate admission',
    when: all(
      ctx('fever'),
      ctx('travelled'),
      any(
        ctx('confusion'),
        is('sobSeverity', 'At rest'),
        is('vomitingFrequency', 'Cannot keep any fluids down'),
      ),
    ),
  },
  {
    id: 'imported-fever',
    concept: 'imported-fever',
    urgency: 'same-day',
    message:
      'Fever after travel abroad: test for malaria the same day and consider other imported infections.',
    source: 'UKHSA malaria guidelines (2023) and NICE CKS malaria: same-day testing of fever after travel',
    when: all(ctx('fever'), ctx('travelled')),
  },
  {
    id: 'post-operative',
    concept: 'post-operative-complication',
    urgency: 'same-day',
    message:
      'Fever, a wound problem or breathlessness after recent surgery: assess today for infection or thrombosis.',
    source:
      'NICE NG125 (surgical site infections) 1.4; NICE NG51 1.1.3 (surgery in the last 6 weeks); NICE NG89 (VTE)',
    when: any(
      all(ctx('recentSurgery'), any(ctx('fever'), ctx('rigors'), ctx('breathless'))),
      text('wound-problem'),
      // After abdominal surgery, vomiting or severe pain may be a leak or an obstruction.
      all(
        ctx('recentSurgery'),
        is('surgeryTypes', 'Abdominal'),
        any(ctx('vomiting'), anyOf('abdominalPainLevel', ...SEVERE_PAIN)),
      ),
    ),
  },
  {
    id: 'septic-arthritis-fever',
    concept: 'septic-arthritis',
    urgency: 'emergency',
    message:
      'A hot, swollen joint with fever or rigors, or a hot replaced joint: suspect septic arthritis — immediate admission.',
    source:
      'BSR/BOA hot swollen joint guideline (2006); BOA prosthetic joint infection; NICE CKS septic arthritis',
    when: any(
      all(is('jointPainAssociated', 'Swelling'), painfulOrHot, any(ctx('fever'), ctx('rigors'))),
      all(text('hot-swollen-joint'), any(ctx('fever'), ctx('rigors'), is('surgeryTypes', 'Orthopedic'))),
      all(is('swellingLocation', 'One joint'), is('swellingAssociated', 'Redness or warmth'), ctx('fever')),
    ),
  },
  {
    id: 'septic-arthritis',
    concept: 'septic-arthritis',
    urgency: 'same-day',
    message: 'A hot, swollen joint (with or without fever): assess today for septic arthritis.',
    source: 'BSR/BHPR septic arthritis guideline (2006); NICE CKS septic arthritis: same-day assessment',
    when: any(
      all(
        symptom('Joint Pain'),
        is('jointPainAssociated', 'Swelling'),
        any(painfulOrHot, ctx('fever')),
        anyOf('jointPainDuration', 'Less than 2 weeks', '2-4 weeks'),
        // NICE NG219 1.1: a typical flare in known gout without fever is gout.
        not(text('gout-history')),
      ),
      all(
        is('swellingLocation', 'One joint'),
        any(is('swellingAssociated', 'Redness or warmth'), ctx('fever')),
      ),
      all(text('hot-swollen-joint'), not(text('gout-history'))),
    ),
  },
  {
    id: 'dehydration',
    concept: 'severe-dehydration',
    urgency: 'same-day',
    message: 'Unable to keep fluids down or passing little urine: assess today for dehydration.',
    source: 'NICE NG51 1.3 (not passed urine); NICE CG84 (dehydration) and CKS gastroenteritis',
    when: any(
      is('vomitingFrequency', 'Cannot keep any fluids down'),
      is('vomitingAssociated', 'Little or no urine'),
      is('swellingAssociated', 'Less urine than usual'),
      all(is('diarrheaAssociated', 'Dizziness when standing'), is('diarrheaFrequency', 'More than 6')),
    ),
  },
  // ── pregnancy (NICE NG126, NG133, NG201) ────────────────────────────────────────────────────────
  {
    id: 'ectopic-severe',
    concept: 'ectopic-pregnancy',
    urgency: 'emergency',
    message:
      'Possible early pregnancy with severe or one-sided abdominal pain, fainting or bleeding: suspect ectopic pregnancy.',
    source: 'NICE NG126 (ectopic pregnancy and miscarriage) 1.3.1–1.3.2: refer immediately',
    when: all(
      female,
      earlyOrPossiblePregnancy,
      ctx('abdominalPain'),
      any(
        anyOf('abdominalPainLevel', ...SEVERE_PAIN),
        ctx('fainted'),
        is('dizzinessType', 'Light-headed, as if about to faint'),
        ctx('vaginalBleeding'),
        anyOf('abdominalPainLocation', 'Lower right', 'Lower left'),
      ),
    ),
  },
  {
    id: 'ectopic',
    concept: 'ectopic-pregnancy',
    urgency: 'same-day',
    message: 'Abdominal pain in possible early pregnancy: assess today for ectopic pregnancy.',
    source: 'NICE NG126 1.3.1: pain and abdominal tenderness in early pregnancy — early pregnancy assessment',
    when: all(female, earlyOrPossiblePregnancy, ctx('abdominalPain')),
  },
  {
    id: 'pregnancy-bleeding',
    concept: 'pregnancy-bleeding',
    urgency: 'same-day',
    message: 'Bleeding in pregnancy, or abdominal pain after 20 weeks: same-day obstetric assessment.',
    source: 'NICE NG126 1.3 (bleeding in early pregnancy); NICE NG201 / RCOG GTG 63 (antepartum haemorrhage)',
    when: all(
      female,
      any(ctx('pregnant'), ctx('possiblyPregnant'), ctx('postpartum')),
      any(ctx('vaginalBleeding'), all(after20Weeks, ctx('abdominalPain'))),
    ),
  },
  {
    id: 'antepartum-haemorrhage',
    concept: 'pregnancy-bleeding',
    urgency: 'emergency',
    message:
      'Bleeding after 20 weeks of pregnancy, or heavy bleeding or faintness in early pregnancy: immediate obstetric assessment.',
    source: 'RCOG Green-top Guideline 63 (antepartum haemorrhage); NICE NG201',
    when: any(
      all(female, after20Weeks, ctx('vaginalBleeding')),
      // NG126 1.3.6: heavy bleeding or signs of shock in early pregnancy — emergency.
      all(
        female,
        any(ctx('pregnant'), ctx('possiblyPregnant')),
        ctx('vaginalBleeding'),
        any(
          anyOf('bleedingAmount', 'A cupful or more', 'Will not stop'),
          ctx('fainted'),
          is('dizzinessType', 'Light-headed, as if about to faint'),
        ),
      ),
    ),
  },
  {
    id: 'pre-eclampsia',
    concept: 'pre-eclampsia',
    urgency: 'same-day',
    message:
      'Headache, visual disturbance, face or hand swelling or upper abdominal pain after 20 weeks or after birth: assess today for pre-eclampsia.',
    source:
      'NICE NG133 (hypertension in pregnancy) 1.4 and 1.5: symptoms of pre-eclampsia, same-day assessment',
    when: all(
      female,
      any(after20Weeks, ctx('postpartum')),
      any(
        ctx('headache'),
        ctx('visualDisturbance'),
        anyOf('swellingLocation', 'Face or eyelids', 'Hands'),
        anyOf('abdominalPainLocation', 'Upper right', 'Upper middle'),
        text('pre-eclampsia-signs'),
        text('bp-raised'),
      ),
    ),
  },
  // ── diabetes (NICE NG17, NG28) ──────────────────────────────────────────────────────────────────
  {
    id: 'dka-severe',
    concept: 'diabetic-ketoacidosis',
    urgency: 'emergency',
    message:
      'Diabetes with vomiting and being unable to keep fluids down, abdominal pain, breathlessness, drowsiness or ketones: suspect diabetic ketoacidosis.',
    source: 'NICE NG17 (type 1 diabetes in adults) 1.9 (DKA); JBDS DKA guideline',
    when: any(
      all(
        ctx('diabetes'),
        ctx('vomiting'),
        any(
          is('vomitingFrequency', 'Cannot keep any fluids down'),
          ctx('abdominalPain'),
          ctx('confusion'),
          ctx('breathless'),
        ),
      ),
      all(ctx('diabetes'), text('dka-signs')),
    ),
  },
  {
    id: 'dka',
    concept: 'diabetic-ketoacidosis',
    urgency: 'same-day',
    message:
      'Vomiting in a patient on insulin or an SGLT2 inhibitor, or with diabetes: check blood glucose and ketones today (sick-day rules).',
    source: 'NICE NG17 1.9 and NG28 1.6 (sick-day rules; euglycaemic DKA on SGLT2 inhibitors, MHRA 2016)',
    when: all(any(ctx('insulin'), ctx('sglt2'), ctx('diabetes')), ctx('vomiting')),
  },
  {
    id: 'hypoglycaemia',
    concept: 'hypoglycaemia',
    urgency: 'same-day',
    message: 'Fainting, confusion or low sugars on insulin or a sulfonylurea: assess for hypoglycaemia.',
    source: 'NICE NG17 1.14 and NG28 1.7 (hypoglycaemia with insulin and sulfonylureas); DVLA guidance',
    when: all(
      ctx('hypoglycaemicMedicine'),
      any(
        ctx('fainted'),
        ctx('confusion'),
        text('hypo-signs'),
        is('dizzinessType', 'Light-headed, as if about to faint'),
      ),
    ),
  },
  {
    id: 'new-diabetes',
    concept: 'new-diabetes',
    urgency: 'same-day',
    message: 'Thirst and passing a lot of urine with weight loss: test for diabetes today (possible type 1).',
    source: 'NICE NG17 1.1.1 (suspect type 1: hyperglycaemia with weight loss, polyuria, thirst); NICE NG28',
    when: all(
      not(ctx('diabetes')),
      ctx('thirstPolyuria'),
      any(ctx('unintendedWeightLoss'), symptom('Weight Loss')),
    ),
  },
  {
    id: 'possible-diabetes',
    concept: 'new-diabetes',
    urgency: 'routine',
    message: 'Thirst and passing more urine: test for diabetes (HbA1c).',
    source: 'NICE NG28 (type 2 diabetes) and NICE PH38: test for diabetes when symptoms suggest it',
    when: all(not(ctx('diabetes')), ctx('thirstPolyuria')),
  },
  // ── bleeding (NICE CG141; anticoagulation) ──────────────────────────────────────────────────────
  {
    id: 'upper-gi-bleed',
    concept: 'gi-bleeding',
    urgency: 'emergency',
    message: 'Vomiting blood or coffee grounds, or black tarry stools: suspect gastrointestinal bleeding.',
    source: 'NICE CG141 (acute upper GI bleeding) 1.1: assess with the Glasgow-Blatchford score, admit',
    when: any(
      is('vomitingContent', 'Contains blood or looks like coffee grounds'),
      is('diarrheaAppearance', 'Black or tarry'),
      is('bleedingSite', 'In vomit'),
      text('gi-bleed'),
      all(is('bowelType', 'Black or bloody stools'), anyOf('bowelDuration', 'Less than 2 weeks')),
      // A large bleed from below is also an emergency (BSG 2019: haemodynamically significant bleeding).
      all(
        is('bleedingSite', 'In stool or black stools'),
        anyOf('bleedingAmount', 'A cupful or more', 'Will not stop'),
      ),
    ),
  },
  {
    id: 'lower-gi-bleed',
    concept: 'gi-bleeding',
    urgency: 'same-day',
    message: 'Blood in the stool or bloody diarrhoea: assess today.',
    source: 'NICE CKS gastroenteritis (bloody diarrhoea); BSG lower GI bleeding guideline (2019)',
    when: any(
      is('diarrheaAppearance', 'With blood'),
      is('abdominalPainAssociated', 'Blood in stool'),
      all(
        is('bleedingSite', 'In stool or black stools'),
        anyOf('bleedingAmount', 'A teaspoon or more', 'A cupful or more', 'Will not stop'),
      ),
      all(
        is('bowelType', 'Black or bloody stools'),
        anyOf('bowelDuration', 'Less than 2 weeks', '2-4 weeks'),
      ),
      all(text('rectal-blood'), any(ctx('abdominalPain'), ctx('fever'), symptom('Diarrhea'))),
    ),
  },
  {
    id: 'heavy-bleeding',
    concept: 'serious-bleeding',
    urgency: 'emergency',
    message: 'Heavy bleeding or bleeding that will not stop.',
    source: 'NICE CKS anticoagulation (major bleeding: emergency admission); Resuscitation Council UK',
    when: any(anyOf('bleedingAmount', 'A cupful or more', 'Will not stop'), text('heavy-bleeding')),
  },
  {
    id: 'anticoagulant-head-injury',
    concept: 'serious-bleeding',
    urgency: 'emergency',
    message:
      'A head injury in a patient on a blood thinner: CT head within 8 hours (risk of intracranial bleeding).',
    source:
      'NICE NG232 (head injury) 1.4: anticoagulant treatment — CT head scan within 8 hours of the injury',
    when: all(ctx('anticoagulated'), text('head-injury')),
  },
  {
    id: 'anticoagulant-minor-bleeding',
    concept: 'serious-bleeding',
    urgency: 'routine',
    message: 'Bruising or minor bleeding on a blood thinner: review the dose and, on warfarin, the INR.',
    source:
      'NICE CKS anticoagulation — oral (minor bleeding: review INR or dose, check adherence and interactions)',
    when: all(
      ctx('anticoagulated'),
      any(symptom('Bleeding'), is('bleedingSite', 'Easy bruising'), text('vaginal-bleeding')),
    ),
  },
  {
    id: 'anticoagulant-bleeding',
    concept: 'serious-bleeding',
    urgency: 'same-day',
    message: 'Bleeding in a patient on a blood thinner: assess today (check INR where relevant).',
    source: 'NICE CKS anticoagulation — oral (managing bleeding); NICE NG196 (atrial fibrillation)',
    when: all(
      ctx('anticoagulated'),
      any(
        all(symptom('Bleeding'), not(is('bleedingAmount', 'Spots or streaks'))),
        anyOf('bleedingSite', 'In vomit', 'In stool or black stools', 'In urine'),
        text('gi-bleed'),
        text('rectal-blood'),
        text('haematuria'),
        text('haemoptysis'),
        is('coughType', 'With blood or blood-streaked phlegm'),
      ),
    ),
  },
  // ── back (GIRFT cauda equina; NICE NG234, NG59) ─────────────────────────────────────────────────
  {
    id: 'cauda-equina',
    concept: 'cauda-equina',
    urgency: 'emergency',
    message:
      'Back pain with saddle numbness, leg weakness or new bladder or bowel problems: rule out cauda equina syndrome.',
    source: 'GIRFT national suspected cauda equina pathway (2023); NICE CKS sciatica; NICE NG59',
    when: any(
      anyOf(
        'backPainAssociated',
        'Numbness around the groin or buttocks',
        'New loss of bladder or bowel control',
      ),
      all(
        is('backPainAssociated', 'Leg weakness'),
        any(is('backPainAssociated', 'Pain or tingling down a leg'), is('weaknessLocation', 'Both legs')),
      ),
      all(
        any(ctx('backPain'), symptom('Numbness/Paresthesia'), symptom('Weakness')),
        text('cauda-equina-signs'),
      ),
      // Saddle numbness is specific enough alone (GIRFT 2023), and with bladder loss at any visit.
      text('saddle-numbness'),
    ),
  },
  {
    id: 'mscc-neuro',
    concept: 'spinal-cord-compression',
    urgency: 'emergency',
    message:
      'Back pain with neurological symptoms in a patient with cancer: suspect metastatic spinal cord compression.',
    source: 'NICE NG234 (spinal metastases and MSCC) 1.2: neurological symptoms — immediate referral',
    when: all(
      ctx('backPain'),
      ctx('cancerHistory'),
      any(
        is('backPainAssociated', 'Leg weakness'),
        is('weaknessLocation', 'Both legs'),
        symptom('Numbness/Paresthesia'),
        text('cauda-equina-signs'),
      ),
    ),
  },
  {
    id: 'mscc',
    concept: 'spinal-cord-compression',
    urgency: 'same-day',
    message:
      'New back pain in a patient with cancer (or after cancer), or back pain with fever or at night with other red flags: assess for spinal metastases or infection.',
    source:
      'NICE NG234 1.1 (pain suggestive of spinal metastases: contact the MSCC team within 24 hours); NICE NG59 1.1.1',
    when: any(
      all(ctx('backPain'), ctx('cancerHistory')),
      all(ctx('backPain'), any(is('backPainAssociated', 'Fever'), all(symptom('Back Pain'), ctx('fever')))),
      all(ctx('backPain'), ctx('immunosuppressed')),
      all(
        symptom('Back Pain'),
        is('backPainTriggers', 'Night-time or rest'),
        any(
          age(50),
          ctx('unintendedWeightLoss'),
          is('backPainLocation', 'Middle back'),
          is('backPainLocation', 'Upper back'),
        ),
      ),
    ),
  },
  // ── abdomen (NICE CKS acute abdomen) ────────────────────────────────────────────────────────────
  {
    id: 'acute-abdomen',
    concept: 'acute-abdomen',
    urgency: 'emergency',
    message: 'Worst-ever abdominal pain, or severe pain with fever or vomiting: possible surgical abdomen.',
    source: 'NICE CKS — acute abdominal pain / appendicitis / peritonitis: immediate admission if severe',
    when: any(
      all(
        symptom('Abdominal Pain'),
        is('abdominalPainLevel', 'Worst ever (9-10 out of 10)'),
        any(
          ctx('fever'),
          ctx('vomiting'),
          is('abdominalPainTriggers', 'Movement or coughing'),
          is('abdominalPainLocation', 'All over'),
        ),
      ),
      all(
        symptom('Abdominal Pain'),
        is('abdominalPainLevel', 'Severe (7-8 out of 10)'),
        ctx('fever'),
        any(ctx('vomiting'), is('abdominalPainTriggers', 'Movement or coughing')),
      ),
      all(text('severe-abdominal-pain'), any(ctx('fever'), ctx('vomiting'))),
      // Severe pain with fever and jaundice (cholangitis), or with bilious or repeated vomiting (obstruction).
      all(
        symptom('Abdominal Pain'),
        anyOf('abdominalPainLevel', ...SEVERE_PAIN),
        ctx('fever'),
        any(is('abdominalPainAssociated', 'Yellow skin or eyes'), text('jaundice')),
      ),
      all(
        symptom('Abdominal Pain'),
        anyOf('abdominalPainLevel', ...SEVERE_PAIN),
        any(
          is('vomitingContent', 'Yellow or green (bile)'),
          anyOf('vomitingFrequency', 'More than 5 times', 'Cannot keep any fluids down'),
        ),
      ),
      // Tearing abdominal or back pain with faintness at 60 or over: ruptured aortic aneurysm.
      all(
        age(60),
        text('tearing-pain'),
        any(ctx('abdominalPain'), ctx('backPain'), text('abdominal-pain')),
        any(ctx('fainted'), is('dizzinessType', 'Light-headed, as if about to faint')),
      ),
      all(
        symptom('Abdominal Pain'),
        age(60),
        anyOf('abdominalPainLevel', ...SEVERE_PAIN),
        any(ctx('fainted'), ctx('backPain')),
      ),
    ),
  },
  {
    id: 'acute-abdomen-same-day',
    concept: 'acute-abdomen',
    urgency: 'same-day',
    message:
      'Severe abdominal pain, or right lower pain with fever or vomiting, or jaundice with pain: assess today.',
    source: 'NICE CKS — acute abdominal pain, appendicitis, gallstones (cholangitis: jaundice, fever, pain)',
    when: any(
      all(
        symptom('Abdominal Pain'),
        anyOf('abdominalPainLevel', ...SEVERE_PAIN),
        anyOf('abdominalPainDuration', 'Less than 24 hours', '1-3 days', '4-7 days'),
      ),
      all(is('abdominalPainLocation', 'Lower right'), any(ctx('fever'), ctx('vomiting'))),
      all(
        is('abdominalPainAssociated', 'Yellow skin or eyes'),
        any(ctx('fever'), anyOf('abdominalPainLevel', ...SEVERE_PAIN)),
      ),
      all(symptom('Abdominal Pain'), ctx('fever'), anyOf('abdominalPainLevel', ...SEVERE_PAIN)),
      text('severe-abdominal-pain'),
    ),
  },
  // ── eye and ear (NICE CKS red eye; RCOphth; NG98) ───────────────────────────────────────────────
  {
    id: 'sudden-vision-loss',
    concept: 'sight-threatening-eye',
    urgency: 'emergency',
    message:
      'Sudden loss of part or all of the vision: same-hour assessment (retinal artery occlusion, detachment, stroke).',
    source:
      'RCOphth / NICE CKS (sudden loss of vision): immediate referral; NICE NG128 (visual loss as a stroke sign)',
    when: any(is('visionType', 'Sudden loss of part or all of the vision'), text('vision-loss')),
  },
  {
    id: 'visual-tia',
    concept: 'stroke-tia',
    urgency: 'same-day',
    message:
      'Sudden loss of vision in one eye, even if it recovered: assess as a possible TIA (amaurosis fugax).',
    source:
      'NICE NG128 1.1.3–1.1.4: transient monocular visual loss is a TIA — specialist assessment within 24 hours',
    when: any(is('visionType', 'Sudden loss of part or all of the vision'), text('vision-loss')),
  },
  {
    id: 'red-eye',
    concept: 'sight-threatening-eye',
    urgency: 'same-day',
    message:
      'Red or painful eye with reduced vision or light sensitivity, or sudden flashes and floaters: same-day eye assessment.',
    source: 'NICE CKS red eye (red flags: reduced acuity, pain, photophobia); NICE CKS retinal detachment',
    when: any(
      all(
        symptom('Vision Problems'),
        anyOf('visionAssociated', 'Eye pain', 'Red eye'),
        any(
          is('visionType', 'Blurred vision'),
          is('visionAssociated', 'Sensitivity to light'),
          is('visionOnset', 'Suddenly'),
          all(is('visionAssociated', 'Eye pain'), is('visionAssociated', 'Red eye')),
        ),
      ),
      all(is('visionType', 'Flashes or floaters'), anyOf('visionOnset', 'Suddenly', 'Over days')),
      text('red-painful-eye'),
    ),
  },
  {
    id: 'sudden-hearing-loss',
    concept: 'sudden-hearing-loss',
    urgency: 'same-day',
    message: 'Sudden hearing loss within 3 days: refer for same-day ENT assessment.',
    source: 'NICE NG98 (hearing loss in adults) 1.1.1: sudden onset within 3 days — immediate referral',
    when: is('hearingOnset', 'Suddenly (within 3 days)'),
  },
  {
    id: 'testicular-torsion',
    concept: 'testicular-torsion',
    urgency: 'emergency',
    message: 'Sudden testicular pain: rule out testicular torsion.',
    source: 'NICE CKS scrotal pain and swelling: suspected torsion — immediate surgical referral',
    when: all(not(female), text('testicular-pain')),
  },
  {
    id: 'hypertensive-emergency',
    concept: 'hypertensive-emergency',
    urgency: 'same-day',
    message:
      'A blood pressure of 180/120 or more reported: same-day assessment for a hypertensive emergency.',
    source: 'NICE NG136 (hypertension in adults) 1.5.1: 180/120 with symptoms — same-day specialist review',
    when: text('bp-severe'),
  },
  // ── suspected cancer (NICE NG12, with its age thresholds) ───────────────────────────────────────
  {
    id: 'haemoptysis-40',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message: 'Unexplained haemoptysis at 40 or over: refer on the suspected lung cancer pathway.',
    source: 'NICE NG12 1.1.1: aged 40 and over with unexplained haemoptysis',
    when: all(age(40), any(is('coughType', 'With blood or blood-streaked phlegm'), text('haemoptysis'))),
  },
  {
    id: 'lung-cxr',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message:
      'Persistent cough or chest symptoms at 40 or over in a smoker or former smoker, or with weight loss: urgent chest X-ray.',
    source:
      'NICE NG12 1.1.2: 40 and over with 2 or more of cough, fatigue, breathlessness, chest pain, weight loss, appetite loss — or 1 if ever smoked',
    when: all(
      age(40),
      any(
        all(ctx('everSmoked'), anyOf('coughDuration', '3-8 weeks', 'More than 8 weeks')),
        all(
          anyOf('coughDuration', '3-8 weeks', 'More than 8 weeks'),
          any(
            anyOf(
              'coughAssociated',
              'Weight loss',
              'Shortness of breath',
              'Chest pain when breathing',
              'Night sweats',
            ),
            symptom('Fatigue'),
            ctx('unintendedWeightLoss'),
          ),
        ),
        all(ctx('everSmoked'), ctx('unintendedWeightLoss')),
      ),
    ),
  },
  {
    id: 'laryngeal',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message:
      'Persistent hoarseness or an unexplained neck lump at 45 or over: refer on the suspected head and neck cancer pathway.',
    source:
      'NICE NG12 1.8.1: aged 45 and over with persistent unexplained hoarseness or an unexplained lump in the neck',
    when: all(
      age(45),
      any(
        all(
          is('soreThroatAssociated', 'Hoarse voice'),
          any(
            is('soreThroatDuration', 'More than 4 weeks'),
            all(is('soreThroatDuration', '1-4 weeks'), ctx('everSmoked')),
          ),
        ),
        text('hoarseness'),
        all(is('lumpLocation', 'Neck'), lumpUnexplained, not(is('lumpDuration', 'Less than 2 weeks'))),
      ),
    ),
  },
  {
    id: 'dysphagia',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message: 'Difficulty swallowing: urgent direct-access upper GI endoscopy.',
    source: 'NICE NG12 1.2.1: dysphagia at any age — urgent direct access upper GI endoscopy',
    when: any(is('weightLossAssociated', 'Difficulty swallowing'), text('dysphagia')),
  },
  {
    id: 'brain-progressive',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message:
      'Progressive loss of neurological function over weeks (one-sided weakness, clumsiness, or a headache with a deficit): urgent brain imaging.',
    source:
      'NICE NG12 1.9.1: progressive, sub-acute loss of central neurological function — urgent direct access MRI',
    when: any(
      all(
        is('weaknessOnset', 'Gradually over weeks or months'),
        anyOf('weaknessLocation', 'One side of the body', 'One arm or leg', 'Face'),
      ),
      all(
        ctx('headache'),
        is('headacheOnset', 'Gradually over days'),
        is('headacheAssociated', 'Confusion, weakness or trouble speaking'),
        anyOf('headacheDuration', '1-4 weeks', 'More than 4 weeks'),
      ),
    ),
  },
  {
    id: 'mouth-ulcer',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message:
      'A mouth ulcer or patch that has not healed for 3 weeks or more: refer on the suspected oral cancer pathway.',
    source:
      'NICE NG12 1.8.2–1.8.3: unexplained oral ulceration lasting more than 3 weeks; red or white patch',
    when: text('mouth-ulcer'),
  },
  {
    id: 'leukaemia',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message: 'Unexplained bruising or bleeding with tiredness: very urgent full blood count (leukaemia).',
    source:
      'NICE NG12 1.10.1–1.10.2: unexplained bruising, bleeding, petechiae, pallor or persistent fatigue — FBC within 48 hours',
    when: all(
      is('bleedingSite', 'Easy bruising'),
      not(ctx('anticoagulated')),
      any(symptom('Fatigue'), ctx('fever'), anyOf('bleedingSite', 'Gums', 'Nose')),
    ),
  },
  {
    id: 'myeloma-60',
    concept: 'suspected-cancer',
    urgency: 'routine',
    message:
      'Persistent back or bone pain at 60 or over without an injury: full blood count, calcium and plasma viscosity (myeloma).',
    source:
      'NICE NG12 1.10.6: 60 and over with persistent bone pain, particularly back pain, or unexplained fracture',
    when: all(
      age(60),
      symptom('Back Pain'),
      not(is('backPainTriggers', 'A fall or injury')), // Persistent, not long-standing and stable (NG59 1.2): night pain, or months without a cause.
      any(
        is('backPainTriggers', 'Night-time or rest'),
        all(
          anyOf('backPainDuration', '1-3 months', '3-12 months'),
          is('backPainTriggers', 'No clear trigger'),
        ),
      ),
    ),
  },
  {
    id: 'prostate',
    concept: 'suspected-cancer',
    urgency: 'routine',
    message:
      'Lower urinary tract symptoms in a man of 50 or over: consider a PSA test and rectal examination.',
    source:
      'NICE NG12 1.6.3: lower urinary tract symptoms (nocturia, frequency, hesitancy, urgency, retention) — PSA and DRE',
    when: all(
      { sex: 'Male' },
      age(50),
      anyOf('urinaryType', 'Weak stream or difficulty starting', 'Passing urine more often', 'Urgency'),
      not(anyOf('urinaryDuration', 'Less than 24 hours', '1-3 days')),
      not(is('urinaryAssociated', 'Fever or chills')),
    ),
  },
  {
    id: 'upper-gi-55',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message: 'Weight loss with upper abdominal pain or indigestion at 55 or over: urgent upper GI endoscopy.',
    source:
      'NICE NG12 1.2.1: aged 55 and over with weight loss and upper abdominal pain, reflux or dyspepsia',
    when: all(
      age(55),
      ctx('unintendedWeightLoss'),
      any(
        anyOf('abdominalPainLocation', 'Upper middle', 'Upper left', 'Upper right'),
        is('abdominalPainType', 'Burning'),
        is('chestPainType', 'Burning'),
      ),
    ),
  },
  {
    id: 'pancreatic-60',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message:
      'Weight loss at 60 or over with abdominal or back pain, bowel change, nausea or new diabetes: urgent CT (pancreatic cancer).',
    source:
      'NICE NG12 1.2.5: 60 and over with weight loss and diarrhoea, back pain, abdominal pain, nausea, vomiting, constipation or new-onset diabetes',
    when: all(
      age(60),
      ctx('unintendedWeightLoss'),
      any(
        ctx('abdominalPain'),
        ctx('backPain'),
        symptom('Diarrhea'),
        symptom('Nausea'),
        ctx('vomiting'),
        symptom('Bowel Changes'),
        ctx('thirstPolyuria'),
      ),
    ),
  },
  {
    id: 'jaundice-40',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message: 'Jaundice at 40 or over: refer on the suspected pancreatic or biliary cancer pathway.',
    source: 'NICE NG12 1.2.2: aged 40 and over with jaundice',
    when: all(age(40), any(is('abdominalPainAssociated', 'Yellow skin or eyes'), text('jaundice'))),
  },
  {
    id: 'colorectal',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message:
      'Bowel symptoms that meet a colorectal cancer threshold (weight loss with abdominal pain at 40+, rectal bleeding at 50+, change in bowel habit at 60+): refer (FIT first).',
    source: 'NICE NG12 1.3.1–1.3.4 and DG56 (FIT): colorectal cancer age thresholds',
    when: any(
      all(age(40), ctx('unintendedWeightLoss'), ctx('abdominalPain')),
      all(age(40), is('bowelAssociated', 'Unexplained weight loss')),
      all(
        age(50),
        any(
          is('bowelType', 'Black or bloody stools'),
          is('bleedingSite', 'In stool or black stools'),
          is('diarrheaAppearance', 'With blood'),
          is('abdominalPainAssociated', 'Blood in stool'),
          text('rectal-blood'),
        ),
      ),
      all(
        age(60),
        any(
          all(symptom('Bowel Changes'), not(is('bowelDuration', 'Less than 2 weeks'))),
          all(symptom('Diarrhea'), is('diarrheaDuration', 'More than 4 weeks')),
        ),
      ),
      all(symptom('Weight Loss'), is('weightLossAssociated', 'Change in bowel habit'), age(40)),
      all(
        age(18, 49),
        any(
          is('bowelType', 'Black or bloody stools'),
          is('bleedingSite', 'In stool or black stools'),
          text('rectal-blood'),
        ),
        // NG12 1.3.3: an unexplained change in bowel habit (persistent, not a week), pain or weight loss.
        any(
          ctx('abdominalPain'),
          all(symptom('Bowel Changes'), not(is('bowelDuration', 'Less than 2 weeks'))),
          ctx('unintendedWeightLoss'),
        ),
      ),
    ),
  },
  {
    id: 'breast-30',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message:
      'An unexplained breast or axillary lump at 30 or over: refer on the suspected breast cancer pathway.',
    source:
      'NICE NG12 1.4.1: aged 30 and over with an unexplained breast lump, with or without pain; axillary lump',
    when: any(
      all(age(30), any(all(anyOf('lumpLocation', 'Breast', 'Armpit'), lumpUnexplained), text('breast-lump'))),
      // NG12 1.4.2: 50 and over with nipple discharge, retraction or other changes of concern.
      all(age(50), text('nipple-change')),
    ),
  },
  {
    id: 'testis',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message: 'A non-painful lump or change in a testicle: refer on the suspected testicular cancer pathway.',
    source: 'NICE NG12 1.6.5: non-painful enlargement or change in shape or texture of the testis',
    when: all(is('lumpLocation', 'Testicle'), lumpUnexplained),
  },
  {
    id: 'sarcoma',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message:
      'An unexplained lump that is growing, or hard and fixed: urgent ultrasound (soft-tissue sarcoma or lymphoma).',
    source: 'NICE NG12 1.11.3 (lump increasing in size — urgent ultrasound); 1.10 (lymphadenopathy)',
    when: all(
      symptom('Lumps/Bumps'),
      age(18),
      any(is('lumpChange', 'Growing'), is('lumpFeel', 'Hard and fixed')),
      not(all(is('lumpLocation', 'Breast'), age(undefined, 29))),
    ),
  },
  {
    id: 'haematuria-45',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message:
      'Visible blood in the urine at 45 or over without a urinary infection: refer on the suspected urological cancer pathway.',
    source:
      'NICE NG12 1.6.1: aged 45 and over with unexplained visible haematuria without UTI, or persisting after UTI treatment',
    when: all(
      age(45),
      any(is('urinaryType', 'Blood in the urine'), is('bleedingSite', 'In urine'), text('haematuria')),
      not(
        all(
          is('urinaryType', 'Burning or pain when passing urine'),
          is('urinaryDuration', 'Less than 24 hours'),
        ),
      ),
    ),
  },
  {
    id: 'postmenopausal-bleeding',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message:
      'Vaginal bleeding at 55 or over (post-menopausal): refer on the suspected endometrial cancer pathway.',
    source: 'NICE NG12 1.5.6: aged 55 and over with post-menopausal bleeding',
    when: all(female, any(all(age(55), ctx('vaginalBleeding')), text('postmenopausal-bleeding'))),
  },
  {
    id: 'ovarian-50',
    concept: 'suspected-cancer',
    urgency: 'routine',
    message: 'Persistent bloating or abdominal pain in a woman of 50 or over: test CA125 (ovarian cancer).',
    source:
      'NICE NG12 1.5.2 (and CG122): women 50 and over with persistent bloating, early satiety, pelvic or abdominal pain',
    when: all(
      female,
      age(50),
      any(
        all(
          is('bowelAssociated', 'Abdominal pain or bloating'),
          not(is('bowelDuration', 'Less than 2 weeks')),
        ),
        text('bloating'),
      ),
    ),
  },
  {
    id: 'weight-loss-b-symptoms',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message:
      'Unintentional weight loss with night sweats or fever: consider lymphoma, other cancer or tuberculosis.',
    source: 'NICE NG12 1.10 (lymphoma: night sweats, fever, weight loss); NICE NG33 (tuberculosis)',
    when: all(
      ctx('unintendedWeightLoss'),
      any(
        is('weightLossAssociated', 'Night sweats'),
        is('feverAssociated', 'Night sweats'),
        is('coughAssociated', 'Night sweats'),
        text('night-sweats'),
      ),
    ),
  },
  {
    id: 'weight-loss-60',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message:
      'Unintentional weight loss at 60 or over: investigate for cancer (NG12 lists it for several sites).',
    source: 'NICE NG12 1.1.2, 1.2.5, 1.3.1 (unexplained weight loss in older adults); NG12 symptom table',
    when: all(
      age(60),
      symptom('Weight Loss'),
      anyOf('weightLossIntent', 'No', 'Partly'),
      not(is('weightLossAmount', 'Less than 2 kg')),
    ),
  },
  {
    id: 'weight-loss',
    concept: 'suspected-cancer',
    urgency: 'routine',
    message: 'Unintentional weight loss of 5 kg or more: find the cause.',
    source:
      'NICE NG12 (unexplained weight loss appears in several site recommendations); NICE CKS weight loss',
    when: all(
      symptom('Weight Loss'),
      is('weightLossIntent', 'No'),
      anyOf('weightLossAmount', '5-10 kg', 'More than 10 kg'),
    ),
  },
  {
    id: 'melanoma',
    concept: 'suspected-cancer',
    urgency: 'urgent-cancer',
    message: 'A mole that is changing, growing or bleeding: refer on the suspected melanoma pathway.',
    source: 'NICE NG12 1.7.1: suspicious pigmented lesion (weighted 7-point checklist score 3 or more)',
    when: text('mole-change'),
  },
];

/** The lexicon terms, fields and contexts a condition names (the question-bank tests read these). */
export function namedOptions(
  c: RedFlagCondition,
): ({ field: string; option: string } | { symptom: string } | { text: string } | { context: string })[] {
  if ('field' in c || 'symptom' in c || 'text' in c || 'context' in c) return [c];
  if ('age' in c || 'sex' in c) return [];
  if ('not' in c) return namedOptions(c.not);
  return ('any' in c ? c.any : c.all).flatMap(namedOptions);
}
