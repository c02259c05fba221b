import {
  ageOn,
  bmiCategory,
  CHRONIC_FOLLOW_UPS,
  computeBmi,
  MESSAGES,
  reasonForVisit,
  SYMPTOM_FOLLOW_UPS,
  type ClinicalSummary,
  type FollowUpTopic,
  type HeightWeight,
  type IntakeAnswers,
  type SummarySection,
} from '@medora/shared';

const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** 'chestPainAssociated' with prefix 'chestPain' → 'associated'. */
function aspect(field: string, prefix: string): string {
  return field
    .slice(prefix.length)
    .replace(/([A-Z])/g, ' $1')
    .trim()
    .toLowerCase();
}

function topicDetails(answers: IntakeAnswers, topic: FollowUpTopic): string {
  return topic.questions
    .flatMap((q) => {
      const v = answers[q.field];
      if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return [];
      return [`${aspect(q.field, topic.prefix)}: ${Array.isArray(v) ? v.join(', ') : String(v)}`];
    })
    .join('; ');
}

interface RedFlagRule {
  message: string;
  applies: (
    a: IntakeAnswers,
    has: (field: string, option: string) => boolean,
    symptom: (s: string) => boolean,
  ) => boolean;
}

/**
 * Findings that need prompt attention, listed first in the summary. Each rule reads only the patient's
 * own answers; it prompts a clinician to look, it does not diagnose.
 */
const RED_FLAGS: RedFlagRule[] = [
  {
    message:
      'Chest pain with shortness of breath: assess urgently for acute coronary syndrome or pulmonary embolism.',
    applies: (_a, has, sym) =>
      sym('Chest Pain') && (sym('Shortness of Breath') || has('chestPainAssociated', 'Shortness of breath')),
  },
  {
    message:
      'Chest pain spreading to the arm, jaw or back, or with sweating: possible cardiac or aortic cause.',
    applies: (_a, has, sym) =>
      sym('Chest Pain') &&
      (has('chestPainLocation', 'Spreads to the left arm') ||
        has('chestPainLocation', 'Spreads to the jaw or neck') ||
        has('chestPainLocation', 'Spreads to the back') ||
        has('chestPainAssociated', 'Sweating') ||
        has('chestPainType', 'Tearing')),
  },
  {
    message: 'Fever of 39.5 °C or higher with headache and neck stiffness: rule out meningitis.',
    applies: (_a, has, sym) =>
      has('feverTemp', '39.5 °C (103.1 °F) or higher') &&
      (sym('Headache') || has('feverAssociated', 'Headache')) &&
      (has('feverAssociated', 'Stiff neck') || has('headacheAssociated', 'Stiff neck')),
  },
  {
    message: 'Sudden-onset or worst-ever headache: rule out subarachnoid hemorrhage.',
    applies: (_a, has) =>
      has('headacheOnset', 'Suddenly, reaching full strength within a minute') ||
      has('headacheSeverity', 'Worst ever (9-10 out of 10)'),
  },
  {
    message:
      'Neurological deficit (weakness, facial droop, speech disturbance or confusion): consider stroke.',
    applies: (_a, has) =>
      has('headacheAssociated', 'Confusion, weakness or trouble speaking') ||
      has('weaknessOnset', 'Suddenly (minutes)') ||
      has('weaknessLocation', 'One side of the body') ||
      has('weaknessAssociated', 'Slurred speech') ||
      has('weaknessAssociated', 'Facial droop') ||
      has('dizzinessAssociated', 'Slurred speech or facial droop') ||
      has('numbnessLocation', 'One side of the body'),
  },
  {
    message: 'Breathlessness at rest or cyanosis.',
    applies: (_a, has) => has('sobSeverity', 'At rest') || has('sobAssociated', 'Blue lips or fingertips'),
  },
  {
    message: 'Fainting during exertion or with chest pain or palpitations: possible cardiac syncope.',
    applies: (_a, has) =>
      has('faintingSituation', 'During exercise') ||
      has('faintingWarning', 'Chest pain') ||
      has('faintingWarning', 'Palpitations') ||
      has('palpitationsAssociated', 'Fainting'),
  },
  {
    message: 'Recent thoughts of self-harm or of being better off dead: assess safety today.',
    applies: (_a, has) => has('depressionSafety', 'Yes, recently'),
  },
  {
    message:
      'Possible significant bleeding (blood in vomit, stool or sputum, or bleeding that will not stop).',
    applies: (_a, has) =>
      has('vomitingContent', 'Contains blood or looks like coffee grounds') ||
      has('diarrheaAppearance', 'With blood') ||
      has('diarrheaAppearance', 'Black or tarry') ||
      has('bowelType', 'Black or bloody stools') ||
      has('abdominalPainAssociated', 'Blood in stool') ||
      has('coughType', 'With blood or blood-streaked phlegm') ||
      has('bleedingAmount', 'A cupful or more') ||
      has('bleedingAmount', 'Will not stop'),
  },
  {
    message: 'Back pain with saddle numbness or new bladder or bowel loss: rule out cauda equina syndrome.',
    applies: (_a, has) =>
      has('backPainAssociated', 'Numbness around the groin or buttocks') ||
      has('backPainAssociated', 'New loss of bladder or bowel control'),
  },
  {
    message: 'Swelling of lips, tongue or face: possible angioedema or anaphylaxis.',
    applies: (_a, has) => has('rashAssociated', 'Swelling of lips, tongue or face'),
  },
  {
    message: 'Non-blanching rash: with fever, consider meningococcal sepsis.',
    applies: (_a, has) => has('rashType', 'Small purple or red dots that do not fade when pressed'),
  },
  {
    message: 'One swollen leg with calf pain: rule out deep vein thrombosis.',
    applies: (_a, has) =>
      has('swellingLocation', 'One leg') && has('swellingAssociated', 'Pain or tenderness in the calf'),
  },
  {
    message: 'Sudden loss of vision or sudden hearing loss: needs same-day assessment.',
    applies: (_a, has) =>
      has('visionType', 'Sudden loss of part or all of the vision') ||
      has('hearingOnset', 'Suddenly (within 3 days)'),
  },
  {
    message: 'Unable to keep fluids down or passing little urine: risk of dehydration.',
    applies: (_a, has) =>
      has('vomitingFrequency', 'Cannot keep any fluids down') ||
      has('vomitingAssociated', 'Little or no urine'),
  },
];

/** Red flags found in a record, most urgent rules first. */
export function findRedFlags(answers: IntakeAnswers): string[] {
  const has = (field: string, option: string) => {
    const v = answers[field];
    return Array.isArray(v) ? v.includes(option) : v === option;
  };
  const symptoms = new Set([...list(answers.symptoms), ...list(answers.additionalSymptoms)]);
  const symptom = (s: string) => symptoms.has(s);
  return RED_FLAGS.filter((r) => r.applies(answers, has, symptom)).map((r) => r.message);
}

/** Renders sections (red flags first) as plain text. */
export function summaryText(redFlags: string[], sections: SummarySection[], disclaimer: string): string {
  const parts: string[] = [];
  if (redFlags.length) parts.push(['RED FLAGS', ...redFlags.map((f) => `- ${f}`)].join('\n'));
  for (const s of sections) parts.push([s.title.toUpperCase(), ...s.lines.map((l) => `- ${l}`)].join('\n'));
  parts.push(disclaimer);
  return parts.join('\n\n');
}

/**
 * The default clinical summary: deterministic, offline, built only from the record (issue 4). Sections:
 * patient, chief complaints with follow-up details, chronic conditions, allergies, medications, surgical,
 * social and obstetric history.
 */
export function deterministicSummary(answers: IntakeAnswers, now: Date = new Date()): ClinicalSummary {
  const sections: SummarySection[] = [];

  const patient: string[] = [];
  const age = typeof answers.dob === 'string' ? ageOn(answers.dob, now) : null;
  const sex = text(answers.gender);
  const who = [
    age !== null ? `${age}-year-old` : 'Age not given',
    sex ? sex.toLowerCase() : 'sex not given',
  ].join(' ');
  patient.push(text(answers.name) ? `${who} (${text(answers.name)})` : who);
  const hw = answers.heightWeight as HeightWeight | undefined;
  if (hw && typeof hw === 'object') {
    const bmi = computeBmi(hw.heightFeet, hw.heightInches, hw.weight);
    patient.push(
      `Height ${hw.heightFeet} ft ${hw.heightInches} in, weight ${hw.weight} kg` +
        (bmi !== null ? `, BMI ${bmi.toFixed(1)} (${bmiCategory(bmi)})` : ''),
    );
  }
  if (text(answers.visitType)) patient.push(`Visit: ${reasonForVisit(answers)}`);
  sections.push({ title: 'Patient', lines: patient });

  const complaints: string[] = [];
  for (const s of [...list(answers.symptoms), ...list(answers.additionalSymptoms)]) {
    if (s === 'Other') {
      complaints.push(`Other: ${text(answers.symptomsOther) ?? 'not described'}`);
      continue;
    }
    const topic = SYMPTOM_FOLLOW_UPS.find((t) => t.topic === s);
    const details = topic ? topicDetails(answers, topic) : '';
    complaints.push(details ? `${s} (${details})` : s);
  }
  sections.push({ title: 'Chief complaints', lines: complaints.length ? complaints : ['None reported'] });

  const chronic = list(answers.chronicConditions).filter((c) => c !== 'None');
  const chronicLines = chronic.map((c) => {
    const topic = CHRONIC_FOLLOW_UPS.find((t) => t.topic === c);
    if (!topic) return c;
    const duration = answers[`${topic.prefix}Duration`];
    const lastTest = answers[`${topic.prefix}LastTest`];
    const meds = list(answers[`${topic.prefix}Meds`]);
    const bits = [
      duration ? `for ${String(duration)}` : undefined,
      lastTest ? `last test/check ${String(lastTest).toLowerCase()}` : undefined,
      meds.length ? `medications: ${meds.join(', ')}` : undefined,
    ].filter(Boolean);
    return bits.length ? `${c} (${bits.join('; ')})` : c;
  });
  if (text(answers.chronicOther)) chronicLines.push(`Other: ${text(answers.chronicOther)}`);
  sections.push({
    title: 'Chronic conditions',
    lines: chronicLines.length ? chronicLines : ['None reported'],
  });

  const allergies = list(answers.allergyList).filter((a) => a !== 'None');
  const allergyLines = allergies.length ? [allergies.join(', ')] : ['No known allergies reported'];
  if (text(answers.allergies)) allergyLines.push(`Notes: ${text(answers.allergies)}`);
  sections.push({ title: 'Allergies', lines: allergyLines });

  const meds: string[] = [];
  if (text(answers.medications)) meds.push(text(answers.medications)!.replace(/\s*\n\s*/g, '; '));
  const classes = list(answers.medicationClasses).filter((c) => c !== 'None' && c !== 'Other');
  if (classes.length) meds.push(`Kinds: ${classes.join(', ')}`);
  if (text(answers.medicationOther)) meds.push(`Other: ${text(answers.medicationOther)}`);
  sections.push({ title: 'Medications', lines: meds.length ? meds : ['None reported'] });

  const surgical: string[] = [];
  if (answers.pastSurgeries === 'Yes') {
    const types = list(answers.surgeryTypes);
    const regions = list(answers.surgeryRegions).filter((r) => r !== 'Other');
    if (text(answers.surgeryRegionOther)) regions.push(text(answers.surgeryRegionOther)!);
    surgical.push(
      [
        types.length ? `${types.join(', ')} surgery` : 'Surgery',
        regions.length ? `(${regions.join(', ')})` : undefined,
        text(answers.surgeryDate) ? `most recent ${text(answers.surgeryDate)!.toLowerCase()}` : undefined,
        text(answers.surgeryRecovery)
          ? `recovery: ${text(answers.surgeryRecovery)!.toLowerCase()}`
          : undefined,
      ]
        .filter(Boolean)
        .join(', '),
    );
    if (text(answers.surgeryOther)) surgical.push(`Notes: ${text(answers.surgeryOther)}`);
  } else if (answers.pastSurgeries === 'No') surgical.push('No previous surgery');
  sections.push({ title: 'Surgical history', lines: surgical.length ? surgical : ['Not reported'] });

  const social: string[] = [];
  if (text(answers.smokingStatus)) {
    const extra = [text(answers.smokingDuration), text(answers.smokingAverage)].filter(Boolean).join(', ');
    social.push(`Smoking: ${String(answers.smokingStatus)}${extra ? ` (${extra})` : ''}`);
  }
  if (text(answers.alcoholUse)) social.push(`Alcohol: ${String(answers.alcoholUse)}`);
  if (answers.hasChildren === 'Yes') {
    social.push(
      `Has given birth${typeof answers.childrenCount === 'number' ? ` (${answers.childrenCount} children)` : ''}`,
    );
  } else if (answers.hasChildren === 'No') social.push('Has not given birth');
  sections.push({ title: 'Social history', lines: social.length ? social : ['Not reported'] });

  const redFlags = findRedFlags(answers);
  const disclaimer = MESSAGES.summaryDisclaimer;
  return {
    engine: 'deterministic',
    generatedAt: now.toISOString(),
    disclaimer,
    redFlags,
    sections,
    text: summaryText(redFlags, sections, disclaimer),
  };
}
