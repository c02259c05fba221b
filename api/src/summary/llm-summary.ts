import type { ClinicalSummary, IntakeAnswers } from '@medora/shared';
import { summaryText } from './deterministic-summary.js';

export interface LlmSettings {
  /** Base URL of an OpenAI-compatible API (…/v1) or the full …/chat/completions URL. */
  url: string;
  model: string;
  apiKey?: string;
  /** Milliseconds before giving up (then the deterministic summary is used). */
  timeoutMs?: number;
  /** Ends the wait early (the API shutting down). */
  signal?: AbortSignal;
}

const SYSTEM_PROMPT = [
  'You are a clinical documentation assistant. Write a concise pre-consultation summary for a doctor',
  'from a patient intake record (JSON) and a rule-based draft. Use only facts in the record; never add',
  'diagnoses or treatment. Sections: Patient, Chief complaints, Chronic conditions, Allergies,',
  'Medications, Surgical history, Social history. Under Medications list every medicine the record names',
  '(the free-text list, the medicines chosen per chronic condition, other medicines), once each; never',
  'write "None" when any answer names one. Plain text, short bullet lines.',
].join(' ');

export function chatCompletionsUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/chat/completions') ? trimmed : `${trimmed}/chat/completions`;
}

/**
 * Asks an OpenAI-compatible chat-completions endpoint for the narrative. Red flags always come from the
 * deterministic rules and are listed first, whatever the model says. Throws on any failure; the
 * caller falls back to the deterministic summary.
 */
export async function llmSummary(
  answers: IntakeAnswers,
  draft: ClinicalSummary,
  settings: LlmSettings,
  fetchImpl: typeof fetch = fetch,
): Promise<ClinicalSummary> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  const res = await fetchImpl(chatCompletionsUrl(settings.url), {
    method: 'POST',
    headers,
    signal: settings.signal
      ? AbortSignal.any([settings.signal, AbortSignal.timeout(settings.timeoutMs ?? 20_000)])
      : AbortSignal.timeout(settings.timeoutMs ?? 20_000),
    body: JSON.stringify({
      model: settings.model,
      temperature: 0,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        {
          role: 'user',
          content: `Intake record:\n${JSON.stringify(answers)}\n\nRule-based draft:\n${draft.text}`,
        },
      ],
    }),
  });
  if (!res.ok) throw new Error(`LLM answered ${res.status}`);
  const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || content.trim() === '') throw new Error('LLM answer has no content');
  const narrative = content.trim().slice(0, 8000);
  const sections = [{ title: 'Summary', lines: narrative.split('\n').filter((l) => l.trim()) }];
  return {
    engine: 'llm',
    generatedAt: new Date().toISOString(),
    disclaimer: draft.disclaimer,
    redFlags: draft.redFlags,
    sections,
    text: summaryText(draft.redFlags, [{ title: 'Summary', lines: [narrative] }], draft.disclaimer),
  };
}
