// `@medora/shared/medicines`: the searchable list of common medicines, its own entry so only the
// screens that search it download it. The rows are in `medicines-data.ts`.
import { MEDICINE_ROWS } from './medicines-data.js';
import type { MedicineEntry } from './types.js';

/** Where the list comes from and when it was taken. */
export const MEDICINES_SOURCE = {
  name:
    'Compiled by the Medora team from the WHO Model List of Essential Medicines (23rd list, 2023), ' +
    'with common primary-care alternatives and brand names added by us; not an official WHO list',
  url: 'https://www.who.int/publications/i/item/WHO-MHP-HPS-EML-2023.02',
  retrieved: '2026-11-27',
};

const split = (field: string | undefined): string[] =>
  (field ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

/** A stable id from the generic name: 'insulin glargine' → 'insulin-glargine'. */
export function medicineIdOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const MEDICINES: readonly MedicineEntry[] = MEDICINE_ROWS.map((row) => {
  const [name = '', brands, strengths, forms, classKey] = row.split('|');
  return {
    id: medicineIdOf(name),
    name,
    brands: split(brands),
    strengths: split(strengths),
    forms: split(forms),
    classKey: classKey?.trim() || null,
  };
});

const BY_ID = new Map(MEDICINES.map((m) => [m.id, m]));

/** The list's entry of `id`, or undefined. */
export function medicineById(id: string): MedicineEntry | undefined {
  return BY_ID.get(id);
}

/** Words of a medicine name: lower case, accents dropped; hyphens and slashes stay inside a word. */
export function medicineWords(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .match(/[a-z0-9][a-z0-9\-/.,]*/g) ?? []
  ).map((w) => w.replace(/[.,]+$/, ''));
}

/** Units and amounts that end a name: "amlodipine 5mg", "insulin 10 units". */
const UNIT = /^(mg|mcg|µg|g|ml|micrograms?|units?|iu|%|mmol|puffs?)$/;
const isAmount = (w: string) => /^\d/.test(w) || UNIT.test(w);

/** The words of `query` before its first amount: the drug part of "amlodipine 5 mg". */
function drugWords(query: string): string[] {
  const words = medicineWords(query);
  const end = words.findIndex(isAmount);
  return end === -1 ? words : words.slice(0, end);
}

/**
 * Words that name no drug on their own ("acid" of "folic acid", "sodium" of "sodium valproate"): a
 * query matching only such a word finds nothing, so medicines are not found by a shared word.
 */
const SHARED_WORDS = new Set([
  'acid',
  'sodium',
  'potassium',
  'calcium',
  'magnesium',
  'with',
  'and',
  'insulin',
  'oil',
  'salts',
  'fatty',
  'acids',
  'oral',
  'vitamin',
  'hydrochloride',
  'beta',
  'alfa',
  'mofetil',
  'ethyl',
  'furoate',
  'bromide',
  'fumarate',
  'phosphate',
  'sulfate',
  'chloride',
  'carbonate',
  'hydroxide',
  'therapy',
  'replacement',
]);

interface Key {
  entry: MedicineEntry;
  words: string[];
  /** 0 the generic name, 1 a brand. */
  brand: boolean;
}

const KEYS: readonly Key[] = MEDICINES.flatMap((entry) => [
  { entry, words: medicineWords(entry.name), brand: false },
  ...entry.brands.map((b) => ({ entry, words: medicineWords(b), brand: true })),
]);

/** How well `key` matches the query words (lower is better), or null when it does not. */
function rank(key: Key, query: string[]): number | null {
  const q = query.join(' ');
  const name = key.words.join(' ');
  const offset = key.brand ? 2 : 0;
  if (name === q) return offset;
  if (name.startsWith(q)) return offset + 1;
  // A later word of the name ("glargine" of "insulin glargine"), unless it is one many drugs share.
  if (query.length === 1 && q.length >= 3) {
    const hit = key.words.slice(1).some((w) => !SHARED_WORDS.has(w) && w.startsWith(q));
    if (hit) return offset + 4;
  }
  return null;
}

/**
 * The medicines whose generic or brand name matches `query` (best first): by drug, not by shared
 * words — "amlodipine 5mg" finds amlodipine, "Norvasc" finds amlodipine, "acid" finds nothing.
 */
export function searchMedicines(query: string, limit = 10): MedicineEntry[] {
  const words = drugWords(query);
  if (words.length === 0 || words.join(' ').length < 2) return [];
  const best = new Map<MedicineEntry, number>();
  for (const key of KEYS) {
    const r = rank(key, words);
    if (r === null) continue;
    const seen = best.get(key.entry);
    if (seen === undefined || r < seen) best.set(key.entry, r);
  }
  return [...best]
    .sort(([a, ra], [b, rb]) => ra - rb || a.name.length - b.name.length || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map(([entry]) => entry);
}

/**
 * The medicine a line of free text starts with ("Eliquis 5 mg twice a day" → apixaban), by its
 * longest generic or brand name, and the rest of the line after it; null when the line names none.
 */
export function recognizeMedicine(text: string): { entry: MedicineEntry; rest: string } | null {
  const words = medicineWords(text);
  let found: Key | null = null;
  for (const key of KEYS) {
    if (key.words.length > words.length) continue;
    if (!key.words.every((w, i) => words[i] === w)) continue;
    if (!found || key.words.length > found.words.length) found = key;
  }
  if (!found) return null;
  // The rest of the original text after the name's words (its punctuation and amounts kept).
  let rest = text.trim();
  for (const w of found.words) {
    const at = rest.toLowerCase().normalize('NFKD').indexOf(w);
    rest = at === -1 ? rest : rest.slice(at + w.length);
  }
  return { entry: found.entry, rest: rest.replace(/^[\s,:;-]+/, '').trim() };
}
