import { MESSAGES, type MessageKey } from '@medora/shared/messages';
import type { ClinicalSummary, SummaryFlag } from '../intake/patient-types.js';
import { urgencyRank, type FlagUrgency } from './concepts.js';

/** The catalogue key of each urgency's label (badges carry text, never colour alone). */
export const URGENCY_LABEL_KEYS: Record<FlagUrgency, MessageKey> = {
  emergency: 'urgencyEmergency',
  'same-day': 'urgencySameDay',
  'urgent-cancer': 'urgencyUrgentCancer',
  routine: 'urgencyRoutine',
};
/** What a patient should do for each urgency. */
export const URGENCY_ADVICE_KEYS: Record<FlagUrgency, MessageKey> = {
  emergency: 'urgencyAdviceEmergency',
  'same-day': 'urgencyAdviceSameDay',
  'urgent-cancer': 'urgencyAdviceUrgentCancer',
  routine: 'urgencyAdviceRoutine',
};

export function urgencyLabel(urgency: FlagUrgency): string {
  return MESSAGES[URGENCY_LABEL_KEYS[urgency]];
}

/** Flags most urgent first; equal urgency keeps the given order (rule order). */
export function byUrgency<T extends Pick<SummaryFlag, 'urgency'>>(flags: readonly T[]): T[] {
  return flags
    .map((f, i) => ({ f, i }))
    .sort((a, b) => urgencyRank(a.f.urgency) - urgencyRank(b.f.urgency) || a.i - b.i)
    .map((x) => x.f);
}

/**
 * What the summary says when it lists no flag of this visit. Never "no red flags" over free text: the
 * lexicon that screens it cannot know every way of saying a danger, so the reader is told to read it.
 * Null when the summary has flags to list.
 */
export function noFlagStatement(
  summary: Pick<ClinicalSummary, 'redFlags' | 'freeTextFields'>,
): string | null {
  if (summary.redFlags.length > 0) return null;
  return (summary.freeTextFields?.length ?? 0) > 0
    ? MESSAGES.summaryFreeTextUnscreened
    : MESSAGES.summaryRedFlagsNone;
}

/** The most urgent urgency among flags, or null when there are none. */
export function topUrgency(flags: readonly Pick<SummaryFlag, 'urgency'>[]): FlagUrgency | null {
  return byUrgency(flags)[0]?.urgency ?? null;
}

/** Who wrote a summary, as shown under it. */
export function summaryEngineLabel(summary: Pick<ClinicalSummary, 'engine'>): string {
  return summary.engine === 'llm' ? MESSAGES.summaryEngineLlm : MESSAGES.summaryEngineDeterministic;
}
