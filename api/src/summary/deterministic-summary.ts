import { findFlags } from './flag-engine.js';
import { freeTextPresent } from './free-text-lexicon.js';
import { allergyLines, answersWithList, medicationLines, type ListedMedicine } from './medicines.js';
import { CHIEF_COMPLAINTS_TITLE } from './summary-headline.rules.js';
import {
  ageOn,
  bmiCategory,
  CHRONIC_FOLLOW_UPS,
  computeBmi,
  formatMessage,
  MESSAGES,
  noFlagStatement,
  urgencyLabel,
  reasonForVisit,
  SYMPTOM_FOLLOW_UPS,
  type ClinicalSummary,
  type FollowUpTopic,
  type HeightWeight,
  type IntakeAnswers,
  type SummaryFlag,
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

/** Red flags found in a record, most urgent first (the rules: `RED_FLAG_RULES`, red-flags.ts). */
export function findRedFlags(answers: IntakeAnswers, now: Date = new Date()): SummaryFlag[] {
  return findFlags(answers, now);
}

/** One flag as a line of plain text: urgency, message, the answers that raised it, the guidance. */
export function flagLine(flag: SummaryFlag): string {
  const evidence = flag.evidence.map((e) =>
    formatMessage('flagEvidenceItem', { label: e.label, answer: e.answer }),
  );
  return [
    `[${urgencyLabel(flag.urgency)}] ${flag.message}`,
    evidence.length ? `${MESSAGES.flagEvidenceHeading}: ${evidence.join('; ')}` : '',
    formatMessage('flagGuidance', { source: flag.source }),
  ]
    .filter(Boolean)
    .join(' ');
}

/** Renders the red flags (or what was and was not screened) and the sections as plain text. */
export function summaryText(
  summary: Pick<ClinicalSummary, 'redFlags' | 'flags' | 'freeTextFields'>,
  sections: SummarySection[],
  disclaimer: string,
): string {
  const parts: string[] = [];
  const lines = summary.flags?.length ? summary.flags.map(flagLine) : summary.redFlags;
  const none = noFlagStatement(summary);
  parts.push(['RED FLAGS', ...(none ? [none] : lines.map((f) => `- ${f}`))].join('\n'));
  for (const s of sections) parts.push([s.title.toUpperCase(), ...s.lines.map((l) => `- ${l}`)].join('\n'));
  parts.push(disclaimer);
  return parts.join('\n\n');
}

/**
 * The default clinical summary: deterministic, offline, built only from the record. Sections:
 * patient, chief complaints with follow-up details, chronic conditions, allergies, medications, surgical,
 * social and obstetric history.
 */
/**
 * `listed`: the patient's confirmed medicine list (My medicines), read before the intake's answers for
 * the Medications section and the red-flag context; empty, the summary is the intake's alone.
 */
export function deterministicSummary(
  answers: IntakeAnswers,
  now: Date = new Date(),
  listed: readonly ListedMedicine[] = [],
): ClinicalSummary {
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

  const allergies = allergyLines(answers);
  sections.push({
    title: 'Allergies',
    lines: allergies.lines.length
      ? allergies.lines
      : [allergies.noneKnown ? 'No known allergies reported' : 'Not reported'],
  });

  const meds = medicationLines(answers, listed);
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

  const flags = findFlags(answersWithList(answers, listed), now);
  const disclaimer = MESSAGES.summaryDisclaimer;
  const screened = {
    redFlags: flags.map((f) => f.message),
    flags,
    freeTextFields: freeTextPresent(answers),
  };
  return {
    engine: 'deterministic',
    generatedAt: now.toISOString(),
    disclaimer,
    ...screened,
    ...(flags.some((f) => f.crisis) ? { crisis: true } : {}),
    sections,
    text: summaryText(screened, sections, disclaimer),
  };
}
