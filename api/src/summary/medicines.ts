import { CHRONIC_FOLLOW_UPS, medicineById, RISK_MEDICINES, type IntakeAnswers } from '@medora/shared';

/**
 * One merge of every medicine the record names (docs/clinical-safety.md, hazard "wrong medicine
 * list"): the free-text list, the 'other medicines' text, the medicines chosen per chronic condition,
 * the risk medicines, and medicines the symptom answers mention. Nothing is dropped: two entries are
 * merged only when they name the same drug (by drug name, never by a shared word such as "tablets"),
 * and the more detailed one (its dose) is kept. Free text is one medicine per line — never split at
 * commas, which belong to doses ("co-codamol 30/500, two tablets").
 */

/** Chronic-medication choices that name no medicine. */
const NO_MEDICINE = new Set([
  'Other',
  'None',
  'None of these',
  'No medication',
  'Diet and exercise only',
  'Lifestyle changes only',
  'Previous radioactive iodine or surgery, no current medication',
]);

/** Words that end a drug name in free text: forms, routes, frequencies. */
const NOT_NAME = new Set([
  'tablet',
  'tablets',
  'tab',
  'tabs',
  'capsule',
  'capsules',
  'caps',
  'spray',
  'inhaler',
  'inhalers',
  'puffer',
  'injection',
  'injections',
  'pen',
  'pens',
  'cream',
  'ointment',
  'gel',
  'patch',
  'patches',
  'drops',
  'liquid',
  'solution',
  'syrup',
  'mg',
  'mcg',
  'g',
  'ml',
  'units',
  'unit',
  'iu',
  'daily',
  'once',
  'twice',
  'mornings',
  'morning',
  'nightly',
  'night',
  'evening',
  'evenings',
  'at',
  'as',
  'when',
  'every',
  'per',
  'a',
  'in',
  'the',
  'for',
  'od',
  'bd',
  'tds',
  'qds',
  'prn',
  'mane',
  'nocte',
  'weekly',
  'monthly',
  'with',
  'and',
  'or',
  'sr',
  'mr',
  'xl',
  'er',
]);

/** Other names of one drug (brand or regional names), mapped to one name. */
const SYNONYMS: Record<string, string> = {
  gtn: 'nitroglycerin',
  'glyceryl trinitrate': 'nitroglycerin',
  albuterol: 'salbutamol',
  ventolin: 'salbutamol',
  acetaminophen: 'paracetamol',
  lasix: 'furosemide',
  frusemide: 'furosemide',
  eliquis: 'apixaban',
  xarelto: 'rivaroxaban',
  coumadin: 'warfarin',
  synthroid: 'levothyroxine',
  thyroxine: 'levothyroxine',
  glucophage: 'metformin',
  prednisone: 'prednisolone',
  methimazole: 'carbimazole',
};

const canonical = (name: string) => SYNONYMS[name] ?? name;

/** The drug name a free-text line starts with: its words up to a dose, form or frequency. */
export function drugName(line: string): string {
  const words = line
    .toLowerCase()
    .replace(/[()[\],:;]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const name: string[] = [];
  for (const w of words) {
    if (/\d/.test(w) || NOT_NAME.has(w) || w === '-' || w === '–') break;
    name.push(w);
  }
  const joined = name.join(' ');
  return canonical(joined) || canonical(words[0] ?? '');
}

/** The drugs a chosen option names: the option itself, or its examples ('ACE inhibitor (e.g. lisinopril, ramipril)'). */
export function optionDrugs(option: string): { drugs: string[]; isClass: boolean } {
  const eg = /\((?:e\.g\.\s*)?([^)]*)\)/.exec(option);
  if (eg && /e\.g\./.test(option)) {
    return {
      drugs: eg[1]!
        .split(/[,/]|\bor\b/)
        .map((d) => canonical(d.trim().toLowerCase()))
        .filter(Boolean),
      isClass: true,
    };
  }
  if (eg) return { drugs: [canonical(eg[1]!.trim().toLowerCase())], isClass: false };
  return { drugs: [drugName(option)], isClass: false };
}

/** Free text as medicine lines: one per line, bullets and numbering removed, blanks dropped. */
export function medicineLines(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*(?:[-*•·]|\d+[.)])\s*/, '').trim())
    .filter(Boolean);
}

const tokens = (s: string) => new Set(s.toLowerCase().match(/[a-z0-9./]+/g) ?? []);
const covers = (detailed: string, plain: string) => [...tokens(plain)].every((t) => tokens(detailed).has(t));

/** Symptom answers that point at a medicine (a possible side effect or cause). */
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

interface Entry {
  line: string;
  drug: string;
  /** Where else the same drug was named ('hypertension: ACE inhibitor (e.g. …)'). */
  also: string[];
}

/** Every medicine the record names, merged by drug name; each entry one line of the summary. */
export function mergeMedicines(answers: IntakeAnswers): string[] {
  const entries: Entry[] = [];
  const addFree = (line: string) => {
    const drug = drugName(line);
    const same = entries.find((e) => e.drug === drug && (covers(e.line, line) || covers(line, e.line)));
    if (!same) {
      entries.push({ line, drug, also: [] });
      return;
    }
    if (!covers(same.line, line)) same.line = line; // keep the more detailed (its dose)
  };
  [...medicineLines(answers.medications), ...medicineLines(answers.medicationOther)].forEach(addFree);

  const chosen: { option: string; where: string }[] = [];
  for (const condition of Array.isArray(answers.chronicConditions) ? answers.chronicConditions : []) {
    const topic = CHRONIC_FOLLOW_UPS.find((t) => t.topic === condition);
    if (!topic) continue;
    const meds = answers[`${topic.prefix}Meds`];
    for (const option of Array.isArray(meds) ? meds : [])
      chosen.push({ option, where: condition.toLowerCase() });
  }
  for (const option of Array.isArray(answers.riskMedicines) ? answers.riskMedicines : []) {
    chosen.push({ option, where: 'risk medicines' });
  }
  for (const { option, where } of chosen) {
    if (NO_MEDICINE.has(option)) continue;
    const { drugs } = optionDrugs(option);
    const named = entries.find((e) => drugs.includes(e.drug));
    const label = `${where}: ${option}`;
    if (named) {
      if (!named.also.includes(label)) named.also.push(label);
      continue;
    }
    const same = entries.find((e) => e.line === option);
    if (same) {
      if (!same.also.includes(where)) same.also.push(where);
      continue;
    }
    entries.push({ line: option, drug: drugs[0] ?? option.toLowerCase(), also: [where] });
  }
  const out = entries.map((e) => (e.also.length ? `${e.line} (${e.also.join('; ')})` : e.line));
  for (const m of MEDICINE_MENTIONS) {
    const v = answers[m.field];
    if (Array.isArray(v) ? v.includes(m.option) : v === m.option) out.push(m.line);
  }
  const thinner =
    /aspirin|warfarin|apixaban|rivaroxaban|edoxaban|dabigatran|clopidogrel|ticagrelor|anticoagulant|antiplatelet|heparin|blood thinner/i;
  if (answers.bleedingThinners === 'Yes' && !out.some((m) => thinner.test(m))) {
    out.push('Blood thinner or aspirin (reported at the bleeding question)');
  }
  return out;
}

/**
 * The allergy lines: the chosen allergies and the free-text notes are both shown; "No known allergies"
 * only when the list says None and there are no notes.
 */
export function allergyLines(answers: IntakeAnswers): { lines: string[]; noneKnown: boolean } {
  const list = Array.isArray(answers.allergyList) ? answers.allergyList.filter((a) => a !== 'None') : [];
  const saidNone = Array.isArray(answers.allergyList) && answers.allergyList.includes('None');
  const notes = typeof answers.allergies === 'string' ? answers.allergies.trim() : '';
  const lines: string[] = [];
  if (list.length) lines.push(list.join(', '));
  if (notes) lines.push(notes);
  return { lines, noneKnown: lines.length === 0 && saidNone };
}

/** A medicine of the patient's confirmed list (My medicines), as the summary reads it. */
export interface ListedMedicine {
  name: string;
  medicineId: string | null;
  strength: string | null;
  dose: string | null;
  frequency: string | null;
  status: 'taking' | 'paused' | 'stopped';
}

/** The kinds of medicine of the shared list that change the red-flag context, as the intake's risk question names them. */
const RISK_OPTION_OF_CLASS: Record<string, string | undefined> = {
  anticoagulant: RISK_MEDICINES.find((o) => o.startsWith('Blood thinners')),
  insulin: RISK_MEDICINES.find((o) => o === 'Insulin'),
  chemotherapy: RISK_MEDICINES.find((o) => o.startsWith('Chemotherapy')),
  immunosuppressant: RISK_MEDICINES.find((o) => o.startsWith('Other medicines that lower immunity')),
};

const current = (listed: readonly ListedMedicine[]) => listed.filter((m) => m.status !== 'stopped');

/**
 * The answers the red-flag rules read, with the confirmed list first: a current medicine of a risk
 * class (anticoagulant, insulin, chemotherapy, immunosuppressant: its `classKey` in the shared list)
 * counts as if the risk question had been answered so. The intake's own answers still count (nothing
 * the patient said is dropped), so without a list this is the intake alone.
 */
export function answersWithList(answers: IntakeAnswers, listed: readonly ListedMedicine[]): IntakeAnswers {
  const risks = current(listed)
    .map((m) => (m.medicineId ? medicineById(m.medicineId)?.classKey : null))
    .map((classKey) => (classKey ? RISK_OPTION_OF_CLASS[classKey] : undefined))
    .filter((o): o is string => Boolean(o));
  if (risks.length === 0) return answers;
  const given = Array.isArray(answers.riskMedicines)
    ? answers.riskMedicines.filter((o) => o !== 'None of these')
    : [];
  return { ...answers, riskMedicines: [...new Set([...given, ...risks])] };
}

/**
 * The Medications section: the confirmed list's current medicines first (paused ones said so), then
 * what the intake named that is not on the list; the intake alone when the list is empty.
 */
export function medicationLines(answers: IntakeAnswers, listed: readonly ListedMedicine[]): string[] {
  const now = current(listed);
  const fromIntake = mergeMedicines(answers);
  if (now.length === 0) return fromIntake;
  const names = new Set(
    now.flatMap((m) => [drugName(m.name), m.medicineId ? (medicineById(m.medicineId)?.name ?? '') : '']),
  );
  const lines = now.map((m) => {
    const detail = [m.dose, m.frequency].filter(Boolean).join(', ');
    const head = [m.name, m.strength].filter(Boolean).join(' ');
    return `${head}${detail ? ` — ${detail}` : ''}${m.status === 'paused' ? ' (paused)' : ''}`;
  });
  const extra = fromIntake.filter((line) => !names.has(drugName(line)));
  return [...lines, ...extra.map((line) => `${line} (reported at intake, not on the confirmed list)`)];
}
