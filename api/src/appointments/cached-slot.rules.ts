import { slotOf, slotStart } from '@medora/shared';

const MAX_ENTRIES = 20_000;
/** Per zone, epoch ms → slot: a number key, no string built per lookup. */
const slots = new Map<string, Map<number, Readonly<{ date: string; time: string }>>>();
let slotCount = 0;

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
  let zone = slots.get(timeZone);
  if (!zone) {
    zone = new Map();
    slots.set(timeZone, zone);
  }
  let slot = zone.get(ms);
  if (!slot) {
    if (slotCount >= MAX_ENTRIES) {
      slots.clear();
      slotCount = 0;
      zone = new Map();
      slots.set(timeZone, zone);
    }
    slot = Object.freeze(slotOf(new Date(ms), timeZone));
    zone.set(ms, slot);
    slotCount++;
  }
  return slot;
}

const starts = new Map<string, number>();

/**
 * `slotStart` from @medora/shared as epoch ms, memoised (each doctor of a search page has a
 * next free slot; resolving a wall time in a zone costs several Intl calls). A slot's instant depends
 * only on its date, time and zone. Bounded like cachedSlotOf.
 */
export function cachedSlotStart(date: string, time: string, timeZone: string): number {
  const key = `${date} ${time} ${timeZone}`;
  let ms = starts.get(key);
  if (ms === undefined) {
    if (starts.size >= MAX_ENTRIES) starts.clear();
    ms = slotStart(date, time, timeZone).getTime();
    starts.set(key, ms);
  }
  return ms;
}
