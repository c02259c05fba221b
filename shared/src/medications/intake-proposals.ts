// Suggestions for the medicine list drawn from an intake: each line of the free-text medicines becomes
// a `drug` proposal (recognised against the shared list where it can be), each kind of medicine the
// intake recorded without naming one a `class` prompt ("a medicine for blood pressure — which one?").
// Nothing here becomes a medicine until the patient confirms it.
import type { IntakeAnswers } from '../intake/types.js';
import { CHRONIC_FOLLOW_UPS } from '../intake/content.js';
import { medicineById, medicineWords, recognizeMedicine } from './medicines.js';
import type { MedicationProposal } from './types.js';

/** Choices of the intake's medicine questions that name no medicine. */
const NO_MEDICINE = new Set([
  'other',
  'none',
  'none of these',
  'no medication',
  'diet and exercise only',
  'lifestyle changes only',
  'previous radioactive iodine or surgery, no current medication',
  'vitamins or supplements',
]);

/**
 * The classes of the list a kind of medicine covers: a class prompt is left out when a named drug of
 * one of them is already proposed (the patient typed "amlodipine" and ticked "Blood pressure medicines").
 */
const CLASS_COVERS: readonly { match: RegExp; classKeys: readonly string[]; conditionKey?: string }[] = [
  {
    match: /^blood pressure/i,
    classKeys: ['antihypertensive', 'beta blocker', 'diuretic'],
    conditionKey: 'hypertension',
  },
  { match: /^diabetes/i, classKeys: ['antidiabetic', 'insulin'], conditionKey: 'diabetes' },
  { match: /^cholesterol|^statin/i, classKeys: ['statin', 'lipid-lowering'] },
  { match: /^blood thinners|^anticoagulant/i, classKeys: ['anticoagulant'] },
  { match: /antiplatelet/i, classKeys: ['antiplatelet'] },
  { match: /^pain/i, classKeys: ['analgesic', 'nsaid', 'opioid'] },
  {
    match: /^inhalers|inhaler|corticosteroid \(/i,
    classKeys: ['bronchodilator', 'inhaled corticosteroid', 'combination inhaler'],
    conditionKey: 'asthma',
  },
  { match: /^thyroid/i, classKeys: ['thyroid', 'antithyroid'], conditionKey: 'thyroid' },
  { match: /^antidepressants/i, classKeys: ['antidepressant', 'anxiolytic', 'benzodiazepine'] },
  { match: /^antibiotics/i, classKeys: ['antibiotic'] },
  { match: /^insulin$/i, classKeys: ['insulin'] },
  { match: /^chemotherapy/i, classKeys: ['chemotherapy'] },
  { match: /^steroid tablets|^oral steroid/i, classKeys: ['corticosteroid'] },
  { match: /lower immunity/i, classKeys: ['immunosuppressant', 'chemotherapy'] },
  { match: /^ace inhibitor|^arb|^calcium channel|^thiazide/i, classKeys: ['antihypertensive'] },
  { match: /^beta blocker/i, classKeys: ['beta blocker'] },
  { match: /^diuretic/i, classKeys: ['diuretic'] },
  { match: /^sulfonylurea|^dpp-4|^sglt2|^glp-1/i, classKeys: ['antidiabetic'] },
];

const classOf = (id: string) => medicineById(id)?.classKey ?? '';
const classKeysOf = (text: string) => CLASS_COVERS.find((c) => c.match.test(text))?.classKeys ?? [];

/** "500mg" → "500 mg"; "1,000 mg" → "1000 mg"; "100mcg" → "100 micrograms". */
function strengthOf(text: string): string | null {
  const m =
    /(\d+(?:[.,]\d+)?(?:\/\d+(?:\.\d+)?)?)\s*(mg|mcg|micrograms?|µg|g|ml|units?|iu|%)(?:\s*\/\s*(\d*\s*(?:ml|dose|hour|hours)))?\b/i.exec(
      text,
    ) ?? /(\d+(?:[.,]\d+)?)\s*(%)/.exec(text);
  if (!m) return null;
  const amount = m[1]!.replace(/(\d),(\d{3})\b/g, '$1$2');
  const unit = m[2]!.toLowerCase();
  const named =
    unit === 'mcg' || unit === 'µg' ? 'micrograms' : unit === 'ml' ? 'mL' : unit === 'iu' ? 'units' : unit;
  const per = m[3] ? `/${m[3].replace(/\s+/g, ' ').trim().replace(/^ml$/i, 'mL')}` : '';
  return unit === '%' ? `${amount}%` : `${amount} ${named}${per}`;
}

/** How often, in the words the list shows: "twice daily", "bd" → "twice a day" (the bare "daily" last). */
const FREQUENCIES: readonly [RegExp, string][] = [
  [/\b(twice|2x|two times)\s*(a|per|each)?\s*(day|daily)?\b|\bbd\b|\bbid\b/i, 'twice a day'],
  [/\b(three times|3x)\s*(a|per|each)?\s*(day|daily)?\b|\btds\b|\btid\b/i, 'three times a day'],
  [/\b(four times|4x)\s*(a|per|each)?\s*(day|daily)?\b|\bqds\b|\bqid\b/i, 'four times a day'],
  [/\b(once\s*(a|per)\s*week|weekly)\b/i, 'once a week'],
  [/\b(once\s*(a|per)\s*month|monthly)\b/i, 'once a month'],
  [
    /\b(once|1x|one time)\s*(a|per|each)?\s*(day|daily)\b|\bod\b|\bqd\b|\bdaily\b|\bevery day\b/i,
    'once a day',
  ],
  [/\b(at night|nightly|at bedtime|nocte|before bed)\b/i, 'at night'],
  [/\b(in the morning|every morning|mane)\b/i, 'in the morning'],
  [/\b(when needed|as needed|as required|if needed|prn)\b/i, 'when needed'],
];

function frequencyOf(text: string): string | null {
  return FREQUENCIES.find(([re]) => re.test(text))?.[1] ?? null;
}

const DOSE_FORMS: Record<string, [string, string]> = {
  tablet: ['tablet', 'tablets'],
  tab: ['tablet', 'tablets'],
  capsule: ['capsule', 'capsules'],
  cap: ['capsule', 'capsules'],
  puff: ['puff', 'puffs'],
  drop: ['drop', 'drops'],
  spray: ['spray', 'sprays'],
  sachet: ['sachet', 'sachets'],
  patch: ['patch', 'patches'],
  injection: ['injection', 'injections'],
};
const COUNT_WORDS: Record<string, string> = { one: '1', two: '2', three: '3', half: '½', 'half a': '½' };

/** "1 tablet", "2 puffs" — a count of a form, not the strength. */
function doseOf(text: string): string | null {
  const m =
    /\b(\d+(?:\.\d+)?|one|two|three|half(?: a)?)\s+(tab|cap|tablet|capsule|puff|drop|spray|sachet|patch|injection)(?:e?s)?\b/i.exec(
      text,
    );
  if (!m) return null;
  const n = COUNT_WORDS[m[1]!.toLowerCase()] ?? m[1]!;
  const [one, many] = DOSE_FORMS[m[2]!.toLowerCase()]!;
  return `${n} ${n === '1' || n === '½' ? one : many}`;
}

const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** The drug part of a free-text line the list does not know: its words up to an amount or a form. */
function unknownName(line: string): string | null {
  const stop =
    /^(\d|mg$|mcg$|ml$|tablets?$|tabs?$|capsules?$|inhaler$|once$|twice$|daily$|at$|when$|as$|every$|for$)/;
  const words = line.trim().split(/\s+/);
  const end = words.findIndex((w) => stop.test(w.toLowerCase()));
  const name = (end === -1 ? words : words.slice(0, end)).join(' ').replace(/[,;:]+$/, '');
  return name ? capitalize(name) : null;
}

/** Free text as medicine lines: one per line; bullets and numbering removed; blanks dropped. */
function lines(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*(?:[-*•·]|\d+[.)])\s+/, '').trim())
    .filter(Boolean);
}

/**
 * A line that lists several medicines ("metformin, lisinopril"): split at a comma or semicolon only
 * when what follows names a medicine of the list, so "1,000 mg" and "30/500, two tablets" stay whole.
 */
function splitList(line: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (const piece of line.split(/([,;])/)) {
    if (piece === ',' || piece === ';') {
      current += piece;
      continue;
    }
    const endsWithSeparator = /[,;]$/.test(current);
    const digitComma = /\d,$/.test(current) && /^\d/.test(piece);
    if (endsWithSeparator && !digitComma && recognizeMedicine(piece)) {
      parts.push(current.replace(/[,;]$/, '').trim());
      current = piece.trim();
    } else {
      current += piece;
    }
  }
  parts.push(current.trim());
  return parts.filter(Boolean);
}

type Draft = Omit<MedicationProposal, 'key'>;

function fromText(text: string, conditionKey: string | null = null): Draft {
  const known = recognizeMedicine(text);
  const rest = known ? known.rest : text;
  return {
    kind: 'drug',
    sourceText: text,
    medicineId: known?.entry.id ?? null,
    name: known ? capitalize(known.entry.name) : unknownName(text),
    strength: strengthOf(rest),
    dose: doseOf(rest),
    frequency: frequencyOf(rest),
    conditionKey,
  };
}

/**
 * A chosen option of a medicine question: a drug when it names one the list knows and nothing else
 * ('Metformin', 'Nitroglycerin spray or tablets'), else a class prompt ('ACE inhibitor (e.g. …)',
 * 'Insulin' — which insulin is not said).
 */
function fromOption(option: string, conditionKey: string | null): Draft | null {
  if (NO_MEDICINE.has(option.toLowerCase())) return null;
  const isClass = /e\.g\./i.test(option) || /\bor\b/i.test(option.replace(/spray or tablets/i, ''));
  const known = isClass ? null : recognizeMedicine(option);
  if (known && !/e\.g\./i.test(option)) {
    return { ...fromText(option, conditionKey), strength: null, dose: null, frequency: null };
  }
  return {
    kind: 'class',
    sourceText: option,
    medicineId: null,
    name: null,
    strength: null,
    dose: null,
    frequency: null,
    conditionKey: conditionKey ?? CLASS_COVERS.find((c) => c.match.test(option))?.conditionKey ?? null,
  };
}

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * The proposals of one intake (`visitId` makes each key stable: `intake:<visitId>:<n>`, the same for
 * the same answers, so a dismissal sticks): the free-text medicines first, then the medicines chosen
 * per chronic condition, then the kinds of medicine and the risk medicines. A drug named twice is
 * proposed once (the more detailed mention kept); a class prompt is left out when a drug of that
 * class is already proposed, or the same kind was already asked about.
 */
export function proposeFromIntake(visitId: string, answers: IntakeAnswers): MedicationProposal[] {
  const drafts: Draft[] = [];
  for (const line of [...lines(answers.medications), ...lines(answers.medicationOther)]) {
    for (const part of splitList(line)) drafts.push(fromText(part));
  }
  for (const topic of CHRONIC_FOLLOW_UPS) {
    for (const option of asList(answers[`${topic.prefix}Meds`])) {
      const draft = fromOption(option, topic.prefix);
      if (draft) drafts.push(draft);
    }
  }
  const conditionsAsked = new Set(
    CHRONIC_FOLLOW_UPS.filter((t) => asList(answers[`${t.prefix}Meds`]).length > 0).map((t) => t.prefix),
  );
  for (const option of [...asList(answers.medicationClasses), ...asList(answers.riskMedicines)]) {
    const draft = fromOption(option, null);
    if (!draft) continue;
    // "Blood pressure medicines" adds nothing once the hypertension question was answered.
    if (draft.kind === 'class' && draft.conditionKey && conditionsAsked.has(draft.conditionKey)) {
      const covered = CLASS_COVERS.find((c) => c.match.test(option));
      if (covered?.conditionKey) continue;
    }
    drafts.push(draft);
  }
  return merge(drafts).map((draft, n) => ({ key: `intake:${visitId}:${n}`, ...draft }));
}

function merge(drafts: Draft[]): Draft[] {
  const out: Draft[] = [];
  const drugKey = (d: Draft) => d.medicineId ?? medicineWords(d.name ?? '').join(' ');
  for (const d of drafts) {
    if (d.kind === 'drug') {
      const same = out.find((o) => o.kind === 'drug' && drugKey(o) === drugKey(d));
      if (same) {
        same.strength ??= d.strength;
        same.dose ??= d.dose;
        same.frequency ??= d.frequency;
        same.conditionKey ??= d.conditionKey;
        continue;
      }
      out.push({ ...d });
      continue;
    }
    if (out.some((o) => o.kind === 'class' && o.sourceText.toLowerCase() === d.sourceText.toLowerCase()))
      continue;
    out.push({ ...d });
  }
  // A class prompt goes when a proposed drug is of one of its classes.
  return out.filter((d) => {
    if (d.kind !== 'class') return true;
    const covers = classKeysOf(d.sourceText);
    return !out.some((o) => o.kind === 'drug' && o.medicineId && covers.includes(classOf(o.medicineId)));
  });
}
