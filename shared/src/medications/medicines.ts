// `@medora/shared/medicines`: the searchable list of common medicines, its own entry so only the
// screens that search it download it. The data and its source are filled in with the list itself.
import type { MedicineEntry } from './types.js';

/** Where the list comes from and when it was taken. */
export const MEDICINES_SOURCE = { name: '', url: '', retrieved: '' };

export const MEDICINES: readonly MedicineEntry[] = [];

/**
 * The medicines whose generic or brand name matches `query` (best first): by drug, not by shared
 * words — "amlodipine 5mg" finds amlodipine, "Norvasc" finds amlodipine, "acid" finds nothing.
 */
export function searchMedicines(query: string, limit = 10): MedicineEntry[] {
  void query;
  void limit;
  return [];
}
