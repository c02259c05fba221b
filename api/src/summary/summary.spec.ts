import { jest } from '@jest/globals';
import type { Config as JestConfig } from '@jest/types';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES, noFlagStatement } from '@medora/shared';
import { ConfigError, loadConfig, type Config } from '../config/config.js';
import { deterministicSummary, findRedFlags } from './deterministic-summary.js';
import { chatCompletionsUrl, llmSummary } from './llm-summary.js';
import { CHEST_PAIN_RECORD, FEVER_RECORD, ROUTINE_RECORD } from './summary.fixtures.js';
import { SummaryService } from './summary.service.js';

const NOW = new Date('2026-11-21T10:00:00Z');
/** Everything but `Date` stays real when a test fixes the date. */
const REAL_TIMERS: JestConfig.FakeableAPI[] = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
];

describe('deterministic summary', () => {
  it('puts chest pain with shortness of breath and a cardiac pattern first as red flags', () => {
    const s = deterministicSummary(CHEST_PAIN_RECORD, NOW);
    expect(s.engine).toBe('deterministic');
    // One flag per concept: acute coronary syndrome, an emergency, with the answers that raised it.
    expect(s.flags).toEqual([
      expect.objectContaining({ concept: 'cardiac-chest-pain', urgency: 'emergency' }),
    ]);
    expect(s.flags?.[0]?.evidence).toContainEqual(
      expect.objectContaining({ field: 'chestPainAssociated', answer: 'Sweating' }),
    );
    expect(s.redFlags).toEqual([expect.stringMatching(/^Chest pain with cardiac features/)]);
    expect(s.text.indexOf('RED FLAGS')).toBe(0);
    expect(s.text.indexOf('RED FLAGS')).toBeLessThan(s.text.indexOf('CHIEF COMPLAINTS'));
  });

  it('states age, sex, BMI with its category and the visit', () => {
    const s = deterministicSummary(CHEST_PAIN_RECORD, NOW);
    const patient = s.sections.find((x) => x.title === 'Patient')!;
    expect(patient.lines[0]).toBe('59-year-old male (Robert Mendes)');
    expect(patient.lines[1]).toBe('Height 5 ft 10 in, weight 96 kg, BMI 30.4 (Obese)');
    expect(patient.lines[2]).toBe('Visit: New Appointment: Chest Pain, Shortness of Breath');
  });

  it('lists chief complaints with their follow-up details', () => {
    const s = deterministicSummary(CHEST_PAIN_RECORD, NOW);
    const complaints = s.sections.find((x) => x.title === 'Chief complaints')!.lines;
    expect(complaints[0]).toContain(
      'Chest Pain (level: Severe (7-8 out of 10); duration: Less than 24 hours',
    );
    expect(complaints[0]).toContain('associated: Shortness of breath, Sweating');
    expect(complaints[1]).toContain(
      'Shortness of Breath (duration: Less than 24 hours; severity: Walking on flat ground',
    );
  });

  it('lists chronic conditions with duration, last test and medications, then allergies, medications and history', () => {
    const s = deterministicSummary(CHEST_PAIN_RECORD, NOW);
    const get = (t: string) => s.sections.find((x) => x.title === t)!.lines;
    expect(get('Chronic conditions')).toEqual([
      'Diabetes (for 5-10 years; last test/check 3-6 months ago; medications: Metformin, SGLT2 inhibitor (e.g. empagliflozin, dapagliflozin))',
      'Hypertension (for 3-5 years; last test/check 6-12 months ago; medications: ACE inhibitor (e.g. lisinopril, ramipril))',
    ]);
    expect(get('Allergies')).toEqual(['Penicillin', 'Penicillin: hives in 2010']);
    // One medicine a line; a chosen medicine the free text names is merged into that line, not lost.
    expect(get('Medications')).toEqual([
      'Metformin 1000 mg twice daily (diabetes: Metformin)',
      'Empagliflozin 10 mg daily (diabetes: SGLT2 inhibitor (e.g. empagliflozin, dapagliflozin))',
      'Ramipril 5 mg daily (hypertension: ACE inhibitor (e.g. lisinopril, ramipril))',
      'Kinds: Blood pressure medicines, Diabetes medicines',
    ]);
    expect(get('Surgical history')).toEqual(['No previous surgery']);
    expect(get('Social history')).toEqual([
      'Smoking: Current (More than 20 years, 11-20 cigarettes a day)',
      'Alcohol: Social',
    ]);
  });

  it('raises no red flag for a routine record and still summarises surgery and births', () => {
    const s = deterministicSummary(ROUTINE_RECORD, NOW);
    expect(s.redFlags).toEqual([]);
    expect(s.text.startsWith(`RED FLAGS\n${noFlagStatement(s)}\n\nPATIENT`)).toBe(true);
    const get = (t: string) => s.sections.find((x) => x.title === t)!.lines;
    expect(get('Patient')[0]).toBe('35-year-old female (Amira Haddad)');
    expect(get('Patient')[1]).toContain('BMI 22.4 (Normal)');
    expect(get('Surgical history')[0]).toBe(
      'Gynecological surgery, (Pelvis), most recent 2-5 years ago, recovery: excellent',
    );
    expect(get('Social history')).toContain('Has given birth (2 children)');
    expect(get('Allergies')).toEqual(['Pollen, Dust']);
  });

  it('flags fever with headache and neck stiffness (NICE NG240: any fever, not only 39.5 °C)', () => {
    const s = deterministicSummary(FEVER_RECORD, NOW);
    expect(s.flags?.[0]).toMatchObject({ concept: 'meningitis', urgency: 'emergency' });
    const get = (t: string) => s.sections.find((x) => x.title === t)!.lines;
    expect(get('Chronic conditions')).toEqual(['None reported']);
    expect(get('Allergies')).toEqual(['No known allergies reported']);
  });

  it('does not flag meningitis for a high fever without neck stiffness', () => {
    const flags = findRedFlags(
      { ...FEVER_RECORD, feverAssociated: ['Headache'], headacheAssociated: ['Nausea or vomiting'] },
      NOW,
    );
    expect(flags.map((f) => f.concept)).not.toContain('meningitis');
  });

  it('flags recent thoughts of self-harm and marks the crisis', () => {
    const s = deterministicSummary(
      { additionalSymptoms: ['Depression'], depressionSafety: 'Yes, recently' },
      NOW,
    );
    expect(s.flags).toEqual([expect.objectContaining({ concept: 'suicide-risk', crisis: true })]);
    expect(s.crisis).toBe(true);
  });

  it('is labelled as generated and to be verified clinically', () => {
    const s = deterministicSummary(ROUTINE_RECORD, NOW);
    expect(s.disclaimer).toBe(MESSAGES.summaryDisclaimer);
    expect(s.text.endsWith(MESSAGES.summaryDisclaimer)).toBe(true);
  });
});

interface Captured {
  url?: string;
  auth?: string;
  body?: { model: string; messages: { role: string; content: string }[] };
}

/** A local server speaking the OpenAI chat-completions protocol. */
async function fakeLlm(handler: (req: IncomingMessage, body: string) => { status: number; body: unknown }) {
  const captured: Captured = {};
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      captured.url = req.url;
      captured.auth = req.headers.authorization;
      try {
        captured.body = JSON.parse(raw) as Captured['body'];
      } catch {
        /* not JSON */
      }
      const out = handler(req, raw);
      res.writeHead(out.status, { 'content-type': 'application/json' });
      res.end(typeof out.body === 'string' ? out.body : JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return { url, captured, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const completion = (content: string) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});

function serviceWith(url: string | undefined): SummaryService {
  return new SummaryService({
    summaryLlm: url ? { url, model: 'test-model', apiKey: 'sk-test' } : undefined,
  } as Config);
}

describe('LLM summary engine', () => {
  it('builds the chat-completions URL from a base URL or takes a full one', () => {
    expect(chatCompletionsUrl('http://h/v1/')).toBe('http://h/v1/chat/completions');
    expect(chatCompletionsUrl('http://h/v1/chat/completions')).toBe('http://h/v1/chat/completions');
  });

  it('sends the record to the model and keeps the rule-based red flags first', async () => {
    // The age the model is sent is counted on today's date: fix "today" (Date only; timers stay real
    // for the local HTTP server).
    jest.useFakeTimers({ now: NOW, doNotFake: REAL_TIMERS });
    const llm = await fakeLlm(() => ({
      status: 200,
      body: completion('Patient: 59-year-old man with chest pain.'),
    }));
    try {
      const s = await serviceWith(llm.url).summarize(CHEST_PAIN_RECORD);
      expect(s.engine).toBe('llm');
      expect(llm.captured.url).toBe('/v1/chat/completions');
      expect(llm.captured.auth).toBe('Bearer sk-test');
      expect(llm.captured.body?.model).toBe('test-model');
      // The model sees the clinical record, never who the patient is.
      const sent = String(llm.captured.body?.messages[1]?.content);
      expect(sent).toContain('Pressure, squeezing or tightness');
      expect(sent).toContain('"ageYears":59');
      expect(sent).not.toContain('Robert Mendes');
      expect(sent).not.toContain(String(CHEST_PAIN_RECORD.dob));
      expect(s.redFlags).toHaveLength(1);
      expect(s.flags).toEqual(deterministicSummary(CHEST_PAIN_RECORD).flags);
      expect(s.text.startsWith('RED FLAGS')).toBe(true);
      expect(s.text).toContain('Patient: 59-year-old man with chest pain.');
      expect(s.disclaimer).toBe(MESSAGES.summaryDisclaimer);
    } finally {
      jest.useRealTimers();
      await llm.close();
    }
  });

  it('never removes or softens a rule flag, and keeps the medicines and allergies', async () => {
    const llm = await fakeLlm(() => ({
      status: 200,
      body: completion('No red flags; reassuring presentation.\nPatient: 59-year-old man with chest pain.'),
    }));
    try {
      const s = await serviceWith(llm.url).summarize(CHEST_PAIN_RECORD);
      expect(s.engine).toBe('llm');
      expect(s.flags?.[0]).toMatchObject({ concept: 'cardiac-chest-pain', urgency: 'emergency' });
      expect(s.text).not.toMatch(/reassuring|No red flags;/);
      expect(s.text).toContain('[Emergency now]');
      expect(s.sections.map((x) => x.title)).toEqual(['Summary', 'Allergies', 'Medications']);
      expect(s.sections[0]!.lines).toEqual(['Patient: 59-year-old man with chest pain.']);
    } finally {
      await llm.close();
    }
  });

  it('keeps the free-text statement when the model says nothing was found', async () => {
    const llm = await fakeLlm(() => ({
      status: 200,
      body: completion('Nothing concerning.\nOther symptom reported.'),
    }));
    try {
      const record = {
        ...ROUTINE_RECORD,
        symptoms: ['Other'],
        symptomsOther: 'a strange feeling in my foot',
      };
      const s = await serviceWith(llm.url).summarize(record);
      expect(s.engine).toBe('llm');
      expect(s.text).toContain(MESSAGES.summaryFreeTextUnscreened);
      expect(s.text).not.toContain('Nothing concerning');
    } finally {
      await llm.close();
    }
  });

  it.each([
    ['a 500 answer', { status: 500, body: { error: 'boom' } }],
    ['an answer without choices', { status: 200, body: { choices: [] } }],
    ['an empty message', { status: 200, body: completion('  ') }],
    ['a body that is not JSON', { status: 200, body: 'not json' }],
  ])('falls back to the deterministic summary on %s', async (_name, reply) => {
    const llm = await fakeLlm(() => reply);
    try {
      const s = await serviceWith(llm.url).summarize(ROUTINE_RECORD);
      expect(s.engine).toBe('deterministic');
    } finally {
      await llm.close();
    }
  });

  it('falls back when the server cannot be reached', async () => {
    const s = await serviceWith('http://127.0.0.1:9/v1').summarize(ROUTINE_RECORD);
    expect(s.engine).toBe('deterministic');
  });

  it('falls back on a timeout', async () => {
    const server = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    try {
      await expect(
        llmSummary(ROUTINE_RECORD, deterministicSummary(ROUTINE_RECORD), { url, model: 'm', timeoutMs: 200 }),
      ).rejects.toThrow();
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('uses the deterministic engine when no LLM is configured', async () => {
    expect((await serviceWith(undefined).summarize(ROUTINE_RECORD)).engine).toBe('deterministic');
  });
});

describe('SUMMARY_LLM_* configuration', () => {
  it('switches the LLM engine on only with both a URL and a model', () => {
    expect(loadConfig({}).summaryLlm).toBeUndefined();
    expect(loadConfig({ SUMMARY_LLM_URL: 'http://127.0.0.1:1234/v1' }).summaryLlm).toBeUndefined();
    expect(
      loadConfig({
        SUMMARY_LLM_URL: 'http://127.0.0.1:1234/v1',
        SUMMARY_LLM_MODEL: 'm',
        SUMMARY_LLM_API_KEY: 'k',
      }).summaryLlm,
    ).toEqual({ url: 'http://127.0.0.1:1234/v1', model: 'm', apiKey: 'k' });
  });

  it('refuses a URL that is not http(s)', () => {
    expect(() => loadConfig({ SUMMARY_LLM_URL: 'ftp://x', SUMMARY_LLM_MODEL: 'm' })).toThrow(ConfigError);
  });
});
