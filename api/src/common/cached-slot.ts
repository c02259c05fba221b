import { slotOf } from '@medora/shared';

const MAX_ENTRIES = 20_000;
const slots = new Map<string, Readonly<{ date: string; time: string }>>();

/**
 * `slotOf` from @medora/shared, memoised. Intl's formatToParts costs a few µs a call, list routes map
 * the same stored starts on every request (doctors-with-context: every taken slot of every doctor),
 * and an instant's wall-clock slot in a zone never changes while the process runs. Bounded: the map
 * starts over when full.
 */
export function cachedSlotOf(
  instant: Date | number,
  timeZone: string,
): Readonly<{ date: string; time: string }> {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const key = `${ms} ${timeZone}`;
  let slot = slots.get(key);
  if (!slot) {
    if (slots.size >= MAX_ENTRIES) slots.clear();
    slot = Object.freeze(slotOf(new Date(ms), timeZone));
    slots.set(key, slot);
  }
  return slot;
}
