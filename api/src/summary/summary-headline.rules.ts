import { topUrgency, type SummaryFlag, type SummaryHeadline } from '@medora/shared';

/** The summary section whose lines head a provider's appointment card (deterministic-summary.ts). */
export const CHIEF_COMPLAINTS_TITLE = 'Chief complaints';
/** Lines of the chief complaints a card carries; the full summary loads with the intake. */
export const HEADLINE_COMPLAINTS_MAX = 3;

/**
 * What a provider's appointment card shows before it is opened — the red flags and the first
 * chief complaints of the stored clinical summary (jsonb, so read defensively); null without one.
 */
export function summaryHeadline(summary: unknown): SummaryHeadline | null {
  if (!summary || typeof summary !== 'object') return null;
  const s = summary as { redFlags?: unknown; sections?: unknown; flags?: unknown; crisis?: unknown };
  const strings = (v: unknown): string[] =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  const sections = Array.isArray(s.sections) ? (s.sections as { title?: unknown; lines?: unknown }[]) : [];
  const complaints = sections.find((x) => x?.title === CHIEF_COMPLAINTS_TITLE);
  const flags = Array.isArray(s.flags) ? (s.flags as SummaryFlag[]) : [];
  return {
    redFlags: strings(s.redFlags),
    complaints: strings(complaints?.lines).slice(0, HEADLINE_COMPLAINTS_MAX),
    topUrgency: topUrgency(flags),
    ...(s.crisis === true ? { crisis: true } : {}),
  };
}
