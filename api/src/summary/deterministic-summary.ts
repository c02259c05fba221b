import { matchingRedFlagRules } from './red-flags.js';
import { CHIEF_COMPLAINTS_TITLE } from '../common/summary-headline.js';
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

/** Red flags found in a record, most urgent rules first (the rules: `RED_FLAG_RULES`, red-flags.ts). */
export function findRedFlags(answers: IntakeAnswers): string[] {
  return matchingRedFlagRules(answers).map((r) => r.message);
}

/** Chronic-medication choices that name no medicine. */
const NO_MEDICINE = new Set([
  'Other',
  'None',
  'No medication',
  'Diet and exercise only',
  'Lifestyle changes only',
  'Previous radioactive iodine or surgery, no current medication',
]);

/**
 * Symptom answers that point at a medicine (a possible side effect or cause): listed with the
 * medicines so the clinician reviews them. Every option here is checked against the question bank.
 */
export const MEDICINE_MENTIONS: readonly { field: string; option: string; line: string }[] = [
  {
    field: 'diarrheaTriggers',
    option: 'Recent antibiotics',
    line: 'Recent antibiotics (reported with diarrhea)',
  },
  {
    field: 'weightGainFactors',
    option: 'New medication (e.g. steroids)',
    line: 'A new medication, e.g. steroids (reported with weight gain)',
  },
  { field: 'nauseaTriggers', option: 'New medication', line: 'A new medication (reported with nausea)' },
  {
    field: 'dizzinessTriggers',
    option: 'New medication',
    line: 'A new medication (reported with dizziness)',
  },
  { field: 'rashTriggers', option: 'New medication', line: 'A new medication (reported with the rash)' },
  { field: 'itchingTriggers', option: 'New medication', line: 'A new medication (reported with itching)' },
  { field: 'hairLossFactors', option: 'New medication', line: 'A new medication (reported with hair loss)' },
  { field: 'tremorTriggers', option: 'Medication', line: 'A medication that worsens the tremor' },
];

const words = (s: string) => s.toLowerCase().match(/[a-z][a-z0-9-]{2,}/g) ?? [];

/**
 * Every medicine the record names, as one deduplicated list (issue 15 §3): the free-text list (one
 * per line), the medicines chosen per chronic condition, the 'other medicines' text, and a blood
 * thinner reported at the bleeding question. A chosen class such as 'ACE inhibitor (e.g. lisinopril,
 * ramipril)' is left out when a free-text line already names one of its medicines.
 */
export function gatherMedications(answers: IntakeAnswers): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (line: string) => {
    const key = line.toLowerCase().replace(/\s+/g, ' ').trim();
    if (!key || seen.has(key)) return;
    seen.add(key);
    out.push(line.trim());
  };
  const free = [
    ...(text(answers.medications)?.split(/\s*(?:\n|;)\s*/) ?? []),
    ...(text(answers.medicationOther)?.split(/\s*(?:\n|;|,)\s*/) ?? []),
  ].filter((l) => l.trim());
  free.forEach(add);
  const freeWords = new Set(free.flatMap(words));
  // In the order the patient chose the conditions.
  const topics = list(answers.chronicConditions).flatMap((c) =>
    CHRONIC_FOLLOW_UPS.filter((t) => t.topic === c),
  );
  for (const topic of topics) {
    for (const option of list(answers[`${topic.prefix}Meds`])) {
      if (NO_MEDICINE.has(option)) continue;
      if (words(option).some((w) => freeWords.has(w))) continue;
      add(`${option} (${topic.topic.toLowerCase()})`);
    }
  }
  for (const m of MEDICINE_MENTIONS) {
    const v = answers[m.field];
    if (Array.isArray(v) ? v.includes(m.option) : v === m.option) add(m.line);
  }
  const thinner =
    /aspirin|warfarin|apixaban|rivaroxaban|edoxaban|dabigatran|clopidogrel|ticagrelor|anticoagulant|antiplatelet|heparin/i;
  if (answers.bleedingThinners === 'Yes' && !out.some((m) => thinner.test(m))) {
    add('Blood thinner or aspirin (reported at the bleeding question)');
  }
  return out;
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
  sections.push({ title: CHIEF_COMPLAINTS_TITLE, lines: complaints.length ? complaints : ['None reported'] });

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

  const meds = gatherMedications(answers);
  const classes = list(answers.medicationClasses).filter((c) => c !== 'None' && c !== 'Other');
  if (classes.length) meds.push(`Kinds: ${classes.join(', ')}`);
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
