import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { PatientResponse } from '@medora/shared';
import { ROUTINE_RECORD } from '../src/summary/summary.fixtures.js';
import { SummaryService } from '../src/summary/summary.service.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

/**
 * `POST /api/patients` no longer waits for the optional LLM. It stores the deterministic
 * summary and answers; the LLM's summary replaces it when the model answers, and a failing model
 * leaves the deterministic one. The fake model holds every request until the test lets it answer.
 */

interface HeldLlm {
  url: string;
  /** Resolves with the next request the model receives, held open until `answer` is called. */
  nextRequest: () => Promise<{ answer: (status: number, content: string) => void }>;
  close: () => Promise<void>;
}

async function heldLlm(): Promise<HeldLlm> {
  const waiting: ((res: ServerResponse) => void)[] = [];
  const arrived: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const next = waiting.shift();
      if (next) next(res);
      else arrived.push(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const answerer = (res: ServerResponse) => ({
    answer: (status: number, content: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
    },
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    nextRequest: () =>
      new Promise((resolve) => {
        const res = arrived.shift();
        if (res) resolve(answerer(res));
        else waiting.push((r) => resolve(answerer(r)));
      }),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let llm: HeldLlm;
let t: TestApp;

beforeAll(async () => {
  llm = await heldLlm();
  t = await createTestApp({
    seed: false,
    env: { SUMMARY_LLM_URL: llm.url, SUMMARY_LLM_MODEL: 'test-model' },
  });
});

afterAll(async () => {
  await t?.close();
  await llm?.close();
});

async function patient(): Promise<TestUser> {
  const user = await signUpUser();
  await request(t.http).post('/api/users').set(authHeader(user)).send({ uid: user.uid, role: 'patient' });
  return user;
}

const summaryOf = async (user: TestUser) =>
  ((await request(t.http).get(`/api/patients/${user.uid}`).set(authHeader(user))).body as PatientResponse)
    .aiSummary!;

/** A new patient saves the routine record; resolves with the answer and the model's held request. */
async function saveWhileModelHolds() {
  const user = await patient();
  const held = llm.nextRequest();
  const res = await request(t.http)
    .post('/api/patients')
    .set(authHeader(user))
    .send({ uid: user.uid, data: ROUTINE_RECORD });
  return { user, res, model: await held };
}

describe('POST /api/patients with an LLM configured', () => {
  it('answers with the deterministic summary while the model is still thinking, then stores the model’s', async () => {
    const { user, res, model } = await saveWhileModelHolds();
    // The save answered although the model has not: it holds the request until told to answer.
    expect(res.status).toBe(201);
    expect((res.body as PatientResponse).aiSummary?.engine).toBe('deterministic');
    expect((await summaryOf(user)).engine).toBe('deterministic');

    model.answer(200, 'Patient: adult with a routine check-up.');
    let summary = await summaryOf(user);
    for (let tries = 0; summary.engine !== 'llm' && tries < 100; tries++) {
      await new Promise((r) => setTimeout(r, 50));
      summary = await summaryOf(user);
    }
    expect(summary.engine).toBe('llm');
    expect(summary.text).toContain('Patient: adult with a routine check-up.');
  });

  it('keeps the deterministic summary when the model fails', async () => {
    const { user, res, model } = await saveWhileModelHolds();
    expect(res.status).toBe(201);
    model.answer(500, 'boom');
    await t.app.get(SummaryService).settled();
    expect((await summaryOf(user)).engine).toBe('deterministic');
  });
});
