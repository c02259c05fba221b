import { ageOn, DOCUMENT_SUFFIX, type ClinicalSummary, type IntakeAnswers } from '@medora/shared';
import { deterministicSummary, summaryText } from './deterministic-summary.js';

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

/** Fields that identify the patient or their files: the model needs none of them. */
const IDENTIFYING_FIELDS = new Set(['name', 'email', 'uid', 'phone', 'dob', 'medicalReports', 'uploadedAt']);

/**
 * What the model may see: the answers without name, e-mail, uid, phone, file names or upload time;
 * the date of birth becomes an age in years (all the clinical reading needs).
 */
export function withoutIdentifiers(answers: IntakeAnswers, now: Date = new Date()): IntakeAnswers {
  const out: IntakeAnswers = {};
  for (const [key, value] of Object.entries(answers)) {
    if (IDENTIFYING_FIELDS.has(key) || key.endsWith(DOCUMENT_SUFFIX)) continue;
    out[key] = value;
  }
  const age = typeof answers.dob === 'string' ? ageOn(answers.dob, now) : null;
  if (age !== null) out.ageYears = age;
  return out;
}

/**
 * Narrative lines that would soften the rules' verdict ("no red flags", "nothing urgent",
 * "reassuring"): dropped, because only the rules say what was flagged and the summary states that
 * free text is not screened for every risk.
 */
const SOFTENING =
  /\bno (?:red[- ]?flags?|warning signs?|(?:urgent |serious |major )?concerns?|alarm(?:ing)? (?:features|symptoms))\b|\bnothing (?:urgent|concerning|serious|alarming)\b|\breassur\w*|\bbenign\b|\bnot (?:urgent|concerning|serious)\b|\bnon-?urgent\b|\blow[- ]risk\b/i;

export function chatCompletionsUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/chat/completions') ? trimmed : `${trimmed}/chat/completions`;
}

/**
 * Asks an OpenAI-compatible chat-completions endpoint for the narrative. The model sees no identifier
 * (withoutIdentifiers) and cannot change a flag: flags, urgency, evidence, the free-text statement,
 * the crisis mark, and the medicines and allergies sections always come from the rules; narrative
 * lines that would soften them are dropped. Throws on any failure; the caller falls back to the
 * deterministic summary.
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
          content: `Intake record:\n${JSON.stringify(withoutIdentifiers(answers))}\n\nRule-based draft:\n${deterministicSummary(withoutIdentifiers(answers)).text}`,
        },
      ],
    }),
  });
  if (!res.ok) throw new Error(`LLM answered ${res.status}`);
  const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || content.trim() === '') throw new Error('LLM answer has no content');
  const narrative = content
    .trim()
    .slice(0, 8000)
    .split('\n')
    .filter((l) => l.trim() && !SOFTENING.test(l));
  if (narrative.length === 0) throw new Error('LLM answer has nothing the guard keeps');
  const kept = draft.sections.filter((s) => s.title === 'Allergies' || s.title === 'Medications');
  const sections = [{ title: 'Summary', lines: narrative }, ...kept];
  return {
    ...draft,
    engine: 'llm',
    generatedAt: new Date().toISOString(),
    sections,
    text: summaryText(draft, sections, draft.disclaimer),
  };
}
