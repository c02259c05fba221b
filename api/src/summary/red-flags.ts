import type { IntakeAnswers } from '@medora/shared';

/**
 * A condition of a red-flag rule, written as data so that a test can check every option it names
 * against the question bank (a relabelled option must fail a test, never silently disable an alert).
 */
export type RedFlagCondition =
  /** The answer to `field` is `option` (a select) or includes it (a multiselect). */
  | { field: string; option: string }
  /** The patient chose this symptom (main or additional). */
  | { symptom: string }
  | { any: RedFlagCondition[] }
  | { all: RedFlagCondition[] };

export interface RedFlagRule {
  /** Stable id, used by the tests. */
  id: string;
  /** What the clinician reads, first in the summary. */
  message: string;
  /** The published guidance the rule follows. */
  source: string;
  when: RedFlagCondition;
}

const is = (field: string, option: string): RedFlagCondition => ({ field, option });
const any = (...c: RedFlagCondition[]): RedFlagCondition => ({ any: c });
const all = (...c: RedFlagCondition[]): RedFlagCondition => ({ all: c });
const symptom = (s: string): RedFlagCondition => ({ symptom: s });
const anyOf = (field: string, ...options: string[]) => any(...options.map((o) => is(field, o)));

/**
 * The red-flag rules, most urgent first: the one table the summary reads. Each rule reads only the
 * patient's own answers; it prompts a clinician to look, it does not diagnose.
 */
export const RED_FLAG_RULES: readonly RedFlagRule[] = [
  {
    id: 'acs',
    message:
      'Chest pain with shortness of breath: assess urgently for acute coronary syndrome or pulmonary embolism.',
    source: 'NICE CG95 (chest pain of recent onset) 1.1; NICE NG158 (venous thromboembolism)',
    when: all(
      symptom('Chest Pain'),
      any(symptom('Shortness of Breath'), is('chestPainAssociated', 'Shortness of breath')),
    ),
  },
  {
    id: 'cardiac-pattern',
    message:
      'Chest pain spreading to the arm, jaw or back, or with sweating: possible cardiac or aortic cause.',
    source:
      'NICE CG95 1.1.1 (pain radiating to arms, jaw, back; sweating, nausea); aortic dissection: tearing pain',
    when: all(
      symptom('Chest Pain'),
      any(
        anyOf(
          'chestPainLocation',
          'Spreads to the left arm',
          'Spreads to the jaw or neck',
          'Spreads to the back',
        ),
        is('chestPainAssociated', 'Sweating'),
        is('chestPainType', 'Tearing'),
      ),
    ),
  },
  {
    id: 'stroke',
    message:
      'Neurological deficit (weakness, facial droop, speech disturbance or confusion): consider stroke.',
    source: 'NICE NG128 (stroke and TIA) 1.1.1: FAST / ROSIER',
    when: any(
      is('headacheAssociated', 'Confusion, weakness or trouble speaking'),
      is('weaknessOnset', 'Suddenly (minutes)'),
      is('weaknessLocation', 'One side of the body'),
      is('weaknessLocation', 'Face'),
      anyOf('weaknessAssociated', 'Slurred speech', 'Facial droop'),
      is('dizzinessAssociated', 'Slurred speech or facial droop'),
      is('numbnessLocation', 'One side of the body'),
      is('numbnessAssociated', 'Trouble speaking'),
    ),
  },
  {
    id: 'sah',
    message: 'Sudden-onset or worst-ever headache: rule out subarachnoid hemorrhage.',
    source: 'NICE NG228 (subarachnoid haemorrhage) 1.1.1: thunderclap headache',
    when: any(
      is('headacheOnset', 'Suddenly, reaching full strength within a minute'),
      is('headacheSeverity', 'Worst ever (9-10 out of 10)'),
    ),
  },
  {
    id: 'meningitis',
    message: 'Fever with headache and neck stiffness: rule out meningitis.',
    source:
      'NICE NG240 (bacterial meningitis and meningococcal disease) 1.1: fever, headache, neck stiffness',
    when: all(
      any(symptom('Fever'), is('headacheAssociated', 'Fever')),
      any(symptom('Headache'), is('feverAssociated', 'Headache')),
      any(is('feverAssociated', 'Stiff neck'), is('headacheAssociated', 'Stiff neck')),
    ),
  },
  {
    id: 'non-blanching-rash',
    message: 'Non-blanching rash: with fever, consider meningococcal sepsis.',
    source: 'NICE NG240 1.1 (non-blanching rash); NICE NG51 (sepsis)',
    when: is('rashType', 'Small purple or red dots that do not fade when pressed'),
  },
  {
    id: 'sepsis',
    message: 'Fever with new confusion or drowsiness: assess for sepsis.',
    source: 'NICE NG51 (suspected sepsis) 1.3: new altered mental state is a high-risk criterion',
    when: is('feverAssociated', 'Confusion or unusual drowsiness'),
  },
  {
    id: 'breathless-at-rest',
    message: 'Breathlessness at rest or cyanosis.',
    source: 'NICE NG51 1.3 (respiratory high-risk criteria); BTS emergency oxygen guideline',
    when: any(is('sobSeverity', 'At rest'), is('sobAssociated', 'Blue lips or fingertips')),
  },
  {
    id: 'anaphylaxis',
    message: 'Swelling of lips, tongue or face: possible angioedema or anaphylaxis.',
    source: 'NICE CG134 (anaphylaxis); Resuscitation Council UK anaphylaxis guideline',
    when: is('rashAssociated', 'Swelling of lips, tongue or face'),
  },
  {
    id: 'airway',
    message:
      'Sore throat with inability to swallow saliva or to open the mouth: possible quinsy or epiglottitis.',
    source:
      'NICE NG84 (sore throat, acute) 1.1.1: refer if severe systemic illness or suppurative complications',
    when: any(
      is('soreThroatSeverity', 'Unable to swallow saliva'),
      is('soreThroatAssociated', 'Difficulty opening the mouth'),
    ),
  },
  {
    id: 'cardiac-syncope',
    message: 'Fainting during exertion or with chest pain or palpitations: possible cardiac syncope.',
    source:
      'NICE CG109 (transient loss of consciousness) 1.2.1.3: exertional syncope, heart failure, palpitations',
    when: any(
      is('faintingSituation', 'During exercise'),
      anyOf('faintingWarning', 'Chest pain', 'Palpitations'),
      is('palpitationsAssociated', 'Fainting'),
    ),
  },
  {
    id: 'seizure',
    message: 'Loss of consciousness with jerking, tongue biting or incontinence: possible epileptic seizure.',
    source: 'NICE CG109 1.1.4: features suggesting an epileptic seizure (refer to a specialist)',
    when: anyOf('faintingWarning', 'Jerking movements', 'Tongue biting or losing bladder control'),
  },
  {
    id: 'suicide-risk',
    message: 'Recent thoughts of self-harm or of being better off dead: assess safety today.',
    source: 'PHQ-9 item 9 (Kroenke 2001); NICE NG225 (self-harm) 1.5; NICE CG90 (depression) 1.3.2',
    when: is('depressionSafety', 'Yes, recently'),
  },
  {
    id: 'suicide-risk-ask',
    message:
      'Thoughts of self-harm in the past, or the patient asked to discuss them in person: ask about current risk.',
    source: 'PHQ-9 item 9 (any positive answer needs follow-up); NICE NG225 1.5 (history of self-harm)',
    when: anyOf('depressionSafety', 'Yes, in the past', 'I would rather discuss this in person'),
  },
  {
    id: 'gi-bleed',
    message:
      'Possible significant bleeding (blood in vomit, stool or sputum, or bleeding that will not stop).',
    source: 'NICE CG141 (acute upper GI bleeding); NICE NG12 1.1.1 (haemoptysis), 1.3 (rectal bleeding)',
    when: any(
      is('vomitingContent', 'Contains blood or looks like coffee grounds'),
      anyOf('diarrheaAppearance', 'With blood', 'Black or tarry'),
      is('bowelType', 'Black or bloody stools'),
      is('abdominalPainAssociated', 'Blood in stool'),
      is('coughType', 'With blood or blood-streaked phlegm'),
      anyOf('bleedingSite', 'In vomit', 'In stool or black stools'),
      anyOf('bleedingAmount', 'A cupful or more', 'Will not stop'),
    ),
  },
  {
    id: 'cauda-equina',
    message:
      'Back pain with saddle numbness, leg weakness or new bladder or bowel loss: rule out cauda equina syndrome.',
    source: 'NICE CKS low back pain / NICE NG59; GIRFT national suspected cauda equina pathway (2023)',
    when: anyOf(
      'backPainAssociated',
      'Numbness around the groin or buttocks',
      'New loss of bladder or bowel control',
      'Leg weakness',
    ),
  },
  {
    id: 'spinal-serious',
    message:
      'Back pain with fever, unexplained weight loss or pain at night: consider infection or malignancy.',
    source: 'NICE NG59 (low back pain) 1.1.1: exclude specific causes; NICE CKS back pain red flags',
    when: any(
      anyOf('backPainAssociated', 'Fever', 'Unexplained weight loss'),
      is('backPainTriggers', 'Night-time or rest'),
    ),
  },
  {
    id: 'dvt',
    message: 'One swollen leg with calf pain: rule out deep vein thrombosis.',
    source: 'NICE NG158 (venous thromboembolic diseases) 1.1: signs or symptoms of DVT',
    when: all(is('swellingLocation', 'One leg'), is('swellingAssociated', 'Pain or tenderness in the calf')),
  },
  {
    id: 'sudden-vision-hearing',
    message: 'Sudden loss of vision or sudden hearing loss: needs same-day assessment.',
    source:
      'RCOphth / NICE CKS (sudden visual loss); NICE NG98 (hearing loss) 1.1.1: sudden onset within 3 days',
    when: any(
      is('visionType', 'Sudden loss of part or all of the vision'),
      is('hearingOnset', 'Suddenly (within 3 days)'),
    ),
  },
  {
    id: 'dehydration',
    message: 'Unable to keep fluids down or passing little urine: risk of dehydration.',
    source: 'NICE NG51 1.3 (not passed urine); NICE CG84 (dehydration)',
    when: any(
      is('vomitingFrequency', 'Cannot keep any fluids down'),
      is('vomitingAssociated', 'Little or no urine'),
    ),
  },
  {
    id: 'weight-loss-systemic',
    message:
      'Unintentional weight loss with night sweats, loss of appetite or fever: consider cancer (e.g. lymphoma), TB or other serious illness.',
    source: 'NICE NG12 (suspected cancer) 1.10 (lymphoma), 1.1.2 (lung), 1.2.7; NICE NG33 (tuberculosis)',
    when: all(
      symptom('Weight Loss'),
      anyOf('weightLossIntent', 'No', 'Partly'),
      any(
        anyOf('weightLossAssociated', 'Night sweats', 'Loss of appetite'),
        is('feverAssociated', 'Night sweats'),
        is('coughAssociated', 'Night sweats'),
      ),
    ),
  },
  {
    id: 'dysphagia',
    message: 'Difficulty swallowing with weight loss: urgent upper GI assessment.',
    source: 'NICE NG12 1.2.1: dysphagia → urgent direct access upper GI endoscopy (oesophageal cancer)',
    when: is('weightLossAssociated', 'Difficulty swallowing'),
  },
  {
    id: 'bowel-cancer',
    message:
      'Change in bowel habit with unexplained weight loss, or dark or bloody stools: consider colorectal cancer.',
    source: 'NICE NG12 1.3.1–1.3.4 (colorectal cancer: weight loss, change in bowel habit, rectal bleeding)',
    when: any(
      is('bowelAssociated', 'Unexplained weight loss'),
      all(symptom('Weight Loss'), is('weightLossAssociated', 'Change in bowel habit')),
    ),
  },
  {
    id: 'lung-cancer',
    message: 'Cough for 3 weeks or more with weight loss, night sweats or blood: urgent chest X-ray.',
    source:
      'NICE NG12 1.1.2: urgent chest X-ray for 40+ with unexplained cough and weight loss; NICE NG33 (TB)',
    when: all(
      anyOf('coughDuration', '3-8 weeks', 'More than 8 weeks'),
      any(
        anyOf('coughAssociated', 'Weight loss', 'Night sweats'),
        is('coughType', 'With blood or blood-streaked phlegm'),
      ),
    ),
  },
  {
    id: 'lump',
    message:
      'A lump that is hard and fixed, growing, or in the breast or testicle: refer on a suspected cancer pathway.',
    source:
      'NICE NG12 1.4.1 (breast lump), 1.6.5 (testis), 1.10 (lymphadenopathy), 1.11.3 (soft tissue sarcoma)',
    when: all(
      symptom('Lumps/Bumps'),
      any(
        is('lumpFeel', 'Hard and fixed'),
        is('lumpChange', 'Growing'),
        anyOf('lumpLocation', 'Breast', 'Testicle'),
      ),
    ),
  },
  {
    id: 'haematuria',
    message: 'Visible blood in the urine: consider urological cancer.',
    source: 'NICE NG12 1.6.1 / 1.6.4: unexplained visible haematuria (45+) → suspected cancer pathway',
    when: any(is('urinaryType', 'Blood in the urine'), is('bleedingSite', 'In urine')),
  },
  {
    id: 'jaundice',
    message: 'Yellow skin or eyes: assess for obstructive jaundice (pancreatic or biliary cause).',
    source: 'NICE NG12 1.2.2: 40 and over with jaundice → suspected pancreatic cancer pathway',
    when: is('abdominalPainAssociated', 'Yellow skin or eyes'),
  },
  {
    id: 'unexpected-vaginal-bleeding',
    message:
      'Vaginal bleeding outside normal periods: consider gynaecological cause (post-menopausal bleeding is a cancer red flag).',
    source: 'NICE NG12 1.5.6 (post-menopausal bleeding, 55+), 1.5.10 (cervical cancer)',
    when: is('bleedingSite', 'Vaginal, outside normal periods'),
  },
  {
    id: 'urosepsis',
    message: 'Urinary symptoms with fever and loin pain: possible pyelonephritis.',
    source: 'NICE NG111 (pyelonephritis, acute) 1.1: refer if signs of sepsis',
    when: all(
      is('urinaryAssociated', 'Fever or chills'),
      is('urinaryAssociated', 'Pain in the side or back'),
    ),
  },
];

function holds(c: RedFlagCondition, answers: IntakeAnswers, symptoms: Set<string>): boolean {
  if ('field' in c) {
    const v = answers[c.field];
    return Array.isArray(v) ? v.includes(c.option) : v === c.option;
  }
  if ('symptom' in c) return symptoms.has(c.symptom);
  if ('any' in c) return c.any.some((x) => holds(x, answers, symptoms));
  return c.all.every((x) => holds(x, answers, symptoms));
}

/** Every `{ field, option }` and `{ symptom }` a condition names (for the question-bank test). */
export function namedOptions(
  c: RedFlagCondition,
): ({ field: string; option: string } | { symptom: string })[] {
  if ('field' in c || 'symptom' in c) return [c];
  return ('any' in c ? c.any : c.all).flatMap(namedOptions);
}

/** The rules whose conditions hold for a record, in table order (most urgent first). */
export function matchingRedFlagRules(answers: IntakeAnswers): RedFlagRule[] {
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const symptoms = new Set([...list(answers.symptoms), ...list(answers.additionalSymptoms)]);
  return RED_FLAG_RULES.filter((r) => holds(r.when, answers, symptoms));
}
