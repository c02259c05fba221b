import { act, fireEvent, screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient, patientKeys } from '@medora/shared/query';
import { renderWithQuery } from '../test-utils/render-with-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { api, authStore, toastStore } from '@medora/shared';
import IntakePage from './intake-page';

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** The server's draft of p1 (kept on the server, never in the browser). */
let serverDraft: unknown = null;

function fakeApi(routes: {
  patient?: { status: number; body: unknown };
  save?: { status: number; body: unknown };
}) {
  const calls: Call[] = [];
  const fetchImpl = jest.fn(async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ url, method, body });
    if (url === '/api/patients/p1/draft') {
      if (method === 'PUT') serverDraft = body;
      if (method === 'DELETE') serverDraft = null;
      const savedAt = serverDraft ? '2026-11-24T10:00:00.000Z' : null;
      return method === 'DELETE'
        ? { status: 204, text: async () => '' }
        : { status: 200, text: async () => JSON.stringify({ draft: serverDraft, savedAt }) };
    }
    const reply =
      method === 'GET' && url.startsWith('/api/patients/')
        ? (routes.patient ?? {
            status: 404,
            body: { statusCode: 404, error: 'Not Found', message: 'Not found.' },
          })
        : method === 'POST' && url === '/api/patients'
          ? (routes.save ?? { status: 201, body: {} })
          : { status: 500, body: { message: 'unexpected' } };
    return { status: reply.status, text: async () => JSON.stringify(reply.body) };
  });
  api.configure({ fetch: fetchImpl as unknown as typeof fetch, baseUrl: '/api' });
  return calls;
}

function renderPage(client?: QueryClient, entry = '/form') {
  return renderWithQuery(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/form" element={<IntakePage />} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
      </Routes>
    </MemoryRouter>,
    client ? { client } : {},
  );
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

describe('IntakePage', () => {
  beforeEach(() => {
    localStorage.clear();
    serverDraft = null;
    act(() => authStore.getState().setUser({ uid: 'p1', email: 'p@example.com', emailVerified: true }));
  });
  afterEach(() => act(() => authStore.getState().setUser(null)));

  it('starts a new patient (404) at the name question, requires it and moves focus to each new question', async () => {
    fakeApi({});
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Loading your health profile...');
    const heading = await screen.findByRole('heading', { name: 'What is your full name?' });
    expect(screen.getByText('Part 1 of 3: About you')).toBeTruthy();
    next();
    expect(screen.getByRole('alert').textContent).toBe('This field is required.');
    fireEvent.change(screen.getByLabelText('What is your full name?'), { target: { value: 'Ann Lee' } });
    expect(screen.queryByRole('alert')).toBeNull();
    next();
    const gender = await screen.findByRole('heading', { name: 'What is your gender?' });
    expect(document.activeElement).toBe(gender);
    expect(heading.isConnected).toBe(false);
    expect(screen.getByRole('group', { name: 'What is your gender?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Female' }));
    next();
    expect(screen.getByRole('heading', { name: 'What is your date of birth?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect((screen.getByRole('radio', { name: 'Female' }) as HTMLInputElement).checked).toBe(true);
  });

  it('offers the days of February by leap year on the date of birth step and does nothing until complete', async () => {
    fakeApi({});
    renderPage();
    await screen.findByRole('heading', { name: 'What is your full name?' });
    fireEvent.change(screen.getByLabelText('What is your full name?'), { target: { value: 'Ann' } });
    next();
    fireEvent.click(screen.getByRole('radio', { name: 'Male' }));
    next();
    const day = () => screen.getByLabelText('Day') as HTMLSelectElement;
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2024' } });
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2' } });
    expect(day().options.length - 1).toBe(29);
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2023' } });
    expect(day().options.length - 1).toBe(28);
    next();
    expect(screen.getByRole('heading', { name: 'What is your date of birth?' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(day(), { target: { value: '28' } });
    next();
    expect(screen.getByRole('heading', { name: 'What are your height and weight?' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Height (feet)'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Height (inches)'), { target: { value: '7' } });
    next();
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all height and weight fields.');
    fireEvent.change(screen.getByLabelText('Weight (kg)'), { target: { value: '70' } });
    expect(screen.getByText('BMI 24.2 (Normal)')).toBeTruthy();
  });

  it('welcomes a returning patient; Follow-Up Visit asks height and weight and what changed (not the old symptoms), then review, upload and submit', async () => {
    const previous = {
      name: 'Ann',
      gender: 'Female',
      dob: '1980-01-01',
      heightWeight: { heightFeet: 5, heightInches: 5, weight: 60 },
      allergyList: ['None'],
      symptoms: ['Cough'],
      coughType: 'Dry',
    };
    const calls = fakeApi({
      patient: { status: 200, body: { exists: true, data: previous, aiSummary: null } },
    });
    // A dashboard visit before the intake cached a 404 profile: it must not outlive the save.
    const client = createQueryClient();
    client.setQueryData(patientKeys.detail('p1'), null);
    jest.useFakeTimers();
    try {
      renderPage(client);
      await act(async () => {
        await jest.runOnlyPendingTimersAsync();
      });
      expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: /Follow-Up Visit/ }));
      expect(screen.getByRole('heading', { name: 'What are your height and weight?' })).toBeTruthy();
      // Pregnancy (a woman of 46) and travel are asked at every visit, then what changed.
      expect(screen.getByText('Part 1 of 2: About you')).toBeTruthy();
      next();
      expect(screen.getByText('Part 2 of 2: Symptoms')).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Could you be pregnant?' })).toBeTruthy();
      fireEvent.click(screen.getByRole('radio', { name: 'No' }));
      next();
      fireEvent.click(screen.getByRole('radio', { name: 'No' }));
      next();
      next();
      expect(screen.getByRole('alert').textContent).toBe('This field is required.');
      fireEvent.click(screen.getByRole('radio', { name: 'Worse' }));
      next();
      // Previous works on the follow-up's questions.
      fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
      expect((screen.getByRole('radio', { name: 'Worse' }) as HTMLInputElement).checked).toBe(true);
      next();
      fireEvent.click(screen.getByRole('checkbox', { name: 'Fever' }));
      next();
      // A new symptom gets its detail questions, as at a first visit.
      expect(
        screen.getByRole('heading', { name: 'What is the highest temperature you measured?' }),
      ).toBeTruthy();
      fireEvent.click(screen.getByRole('radio', { name: 'Not measured' }));
      next();
      fireEvent.click(screen.getByRole('radio', { name: '1-3 days' }));
      next();
      fireEvent.click(screen.getByRole('radio', { name: 'Constant' }));
      next();
      fireEvent.click(screen.getByRole('checkbox', { name: 'None of these' }));
      next();
      fireEvent.click(screen.getByRole('checkbox', { name: 'None of these' }));
      next();
      next();
      expect(screen.getByRole('heading', { name: 'Please Review Your Information' })).toBeTruthy();
      for (const name of [
        'Personal Information',
        'Medical History',
        'Symptoms Summary',
        // Only this intake's uploads: named so, since the Documents tab holds every document.
        'Documents uploaded in this intake',
      ]) {
        expect(screen.getByRole('region', { name })).toBeTruthy();
      }
      expect(screen.queryByRole('region', { name: 'Visit Information' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Continue to File Upload' }));
      expect(screen.getByRole('heading', { name: 'Upload medical reports (PDF/image)' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
      expect(screen.getByRole('heading', { name: 'Please Review Your Information' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Continue to File Upload' }));
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Finish & Submit' }));
        await jest.advanceTimersByTimeAsync(0);
      });
      expect(screen.getByRole('heading', { name: 'Thank you! Your form was submitted.' })).toBeTruthy();
      const saved = calls.find((c) => c.method === 'POST')!.body as {
        uid: string;
        data: Record<string, unknown>;
        kind: string;
      };
      expect(saved.uid).toBe('p1');
      expect(saved.kind).toBe('follow-up');
      const { symptoms: _s, coughType: _c, ...facts } = previous;
      expect(saved.data).toMatchObject({
        ...facts,
        visitType: 'Follow-up Visit',
        followUpChange: 'Worse',
        followUpNewSymptoms: ['Fever'],
        feverDuration: '1-3 days',
        pregnancyStatus: 'No',
        travelAbroad: 'No',
      });
      // The previous visit's symptoms are not re-sent as this visit's.
      expect(saved.data.symptoms).toBeUndefined();
      expect(saved.data.coughType).toBeUndefined();
      expect(localStorage.getItem('medora.profileCompleted.p1')).toBe('true');
      expect(Object.keys(localStorage).filter((k) => k.includes('intakeDraft'))).toEqual([]);
      expect(client.getQueryState(patientKeys.detail('p1'))).toBeUndefined();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(799);
      });
      expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1);
      });
      expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows 'Error saving data: …' and keeps every answer when the save fails; shows Visit Information via a doctor", async () => {
    localStorage.setItem('medora.viaDoctor.p1', 'true');
    fakeApi({
      patient: { status: 200, body: { exists: true, data: { name: 'Ann' }, aiSummary: null } },
      save: {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Some fields are not valid.' },
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Follow-Up Visit/ }));
    fireEvent.change(screen.getByLabelText('Height (feet)'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Height (inches)'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Weight (kg)'), { target: { value: '60' } });
    next();
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    next();
    fireEvent.click(screen.getByRole('radio', { name: 'Better' }));
    next();
    next();
    next();
    expect(screen.getByRole('region', { name: 'Visit Information' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to File Upload' }));
    fireEvent.click(screen.getByRole('button', { name: 'Finish & Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error saving data: Some fields are not valid.',
    );
    expect(localStorage.getItem('medora.profileCompleted.p1')).toBeNull();
    for (let i = 0; i < 6; i += 1) fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect((screen.getByLabelText('Weight (kg)') as HTMLInputElement).value).toBe('60');
  });

  it('restores the server draft after a reload (saved on leaving), and keeps nothing in browser storage', async () => {
    const calls = fakeApi({});
    const first = renderPage();
    await screen.findByRole('heading', { name: 'What is your full name?' });
    fireEvent.change(screen.getByLabelText('What is your full name?'), { target: { value: 'Ann Lee' } });
    next();
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    first.unmount();
    await act(async () => {});
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({
      mode: 'new',
      screen: 'question',
      key: 'gender',
      answers: { name: 'Ann Lee', gender: 'Other' },
    });
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('Ann Lee');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'What is your gender?' })).toBeTruthy();
    expect(toastStore.getState().toasts.map((t) => t.text)).toContain(
      'We restored the answers you had not submitted yet.',
    );
    expect((screen.getByRole('radio', { name: 'Other' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect((screen.getByLabelText('What is your full name?') as HTMLInputElement).value).toBe('Ann Lee');
  });

  it('saves the draft 800 ms after the last change and shows Saving… then Saved', async () => {
    const calls = fakeApi({});
    jest.useFakeTimers();
    try {
      renderPage();
      await act(async () => {
        await jest.runOnlyPendingTimersAsync();
      });
      fireEvent.change(screen.getByLabelText('What is your full name?'), { target: { value: 'Ann' } });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(500);
      });
      fireEvent.change(screen.getByLabelText('What is your full name?'), { target: { value: 'Ann Lee' } });
      expect(screen.getByTestId('draft-status').textContent).toBe('Saving…');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(799);
      });
      expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1);
      });
      const puts = calls.filter((c) => c.method === 'PUT');
      expect(puts).toHaveLength(1);
      expect(puts[0]!.body).toMatchObject({ answers: { name: 'Ann Lee' } });
      expect(screen.getByTestId('draft-status').textContent).toBe('Saved');
    } finally {
      jest.useRealTimers();
    }
  });

  it('lands in the mode the URL names; the patient can go back to the welcome choice, which drops the draft', async () => {
    const calls = fakeApi({
      patient: {
        status: 200,
        body: { exists: true, data: { name: 'Ann', symptoms: ['Cough'] }, aiSummary: null },
      },
    });
    renderPage(undefined, '/form?mode=follow-up');
    expect(await screen.findByRole('heading', { name: 'What are your height and weight?' })).toBeTruthy();
    // Previous on the first question leads back to the choice, as does the link at the top.
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Change what brings you in' }));
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeTruthy();
    await act(async () => {});
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/patients/p1/draft')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Update my health profile/ }));
    // A profile update asks the stable facts, from the name on, prefilled.
    expect(screen.getByRole('heading', { name: 'What is your full name?' })).toBeTruthy();
    expect((screen.getByLabelText('What is your full name?') as HTMLInputElement).value).toBe('Ann');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeTruthy();
  });

  it('choosing Follow-Up again after "Change what brings you in" resumes its answers where the patient was', async () => {
    fakeApi({
      patient: {
        status: 200,
        body: {
          exists: true,
          data: {
            name: 'Ann',
            gender: 'Male',
            dob: '1980-01-01',
            heightWeight: { heightFeet: 5, heightInches: 5, weight: 60 },
          },
          aiSummary: null,
        },
      },
    });
    renderPage(undefined, '/form?mode=follow-up');
    expect(await screen.findByRole('heading', { name: 'What are your height and weight?' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Height (feet)'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const second = screen.getByTestId('intake-question').textContent;
    fireEvent.click(screen.getByRole('button', { name: 'Change what brings you in' }));
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Follow-Up Visit/ }));
    // Back on the question the patient had reached, with the answer given before.
    expect(screen.getByTestId('intake-question').textContent).toBe(second);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect((screen.getByLabelText('Height (feet)') as HTMLInputElement).value).toBe('6');
  });

  it('restores a follow-up draft after a reload without trapping the patient in it', async () => {
    fakeApi({
      patient: { status: 200, body: { exists: true, data: { name: 'Ann' }, aiSummary: null } },
    });
    serverDraft = { mode: 'follow-up', screen: 'question', key: 'followUpChange', answers: { name: 'Ann' } };
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Since your last visit, how are you feeling?' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change what brings you in' }));
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeTruthy();
  });

  it('the review has an Edit link per section that jumps to its first question and returns after its last', async () => {
    fakeApi({
      patient: {
        status: 200,
        body: {
          exists: true,
          data: {
            name: 'Ann',
            gender: 'Male',
            dob: '1980-01-01',
            heightWeight: { heightFeet: 5, heightInches: 5, weight: 60 },
            allergyList: ['None'],
            chronicConditions: ['None'],
            medicationClasses: ['None'],
            pastSurgeries: 'No',
            smokingStatus: 'Never',
            alcoholUse: 'None',
          },
          aiSummary: null,
        },
      },
    });
    serverDraft = {
      mode: 'visit',
      screen: 'review',
      answers: {
        name: 'Ann',
        gender: 'Male',
        dob: '1980-01-01',
        heightWeight: { heightFeet: 5, heightInches: 5, weight: 60 },
        visitType: 'New Appointment',
        allergyList: ['None'],
        chronicConditions: ['None'],
        medicationClasses: ['None'],
        pastSurgeries: 'No',
        smokingStatus: 'Never',
        alcoholUse: 'None',
        symptoms: ['Other'],
        symptomsOther: 'Itchy eyes',
      },
    };
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Please Review Your Information' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Symptoms Summary' }));
    // Travel is asked with the visit's symptoms, so it is that section's first question.
    expect(
      screen.getByRole('heading', {
        name: 'Have you travelled outside your home country in the last 3 months?',
      }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    next();
    expect(screen.getByRole('heading', { name: 'What symptoms bring you in today?' })).toBeTruthy();
    next();
    expect(screen.getByRole('heading', { name: 'Please describe your other symptom.' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Please describe your other symptom.'), {
      target: { value: 'Red eyes' },
    });
    next();
    next();
    expect(screen.getByRole('heading', { name: 'Please Review Your Information' })).toBeTruthy();
    expect(screen.getByText('Red eyes')).toBeTruthy();
    // Back to review from the middle of a section.
    fireEvent.click(screen.getByRole('button', { name: 'Edit Personal Information' }));
    expect(screen.getByRole('heading', { name: 'What are your height and weight?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to review' }));
    expect(screen.getByRole('heading', { name: 'Please Review Your Information' })).toBeTruthy();
  });
  it('after a self-harm disclosure shows crisis information at once and waits for the patient', async () => {
    fakeApi({
      patient: {
        status: 200,
        body: { exists: true, data: { name: 'Ann', gender: 'Male', dob: '1980-01-01' }, aiSummary: null },
      },
      save: {
        status: 200,
        body: {
          exists: true,
          data: {},
          aiSummary: null,
          updatedAt: '2026-11-24T10:00:00.000Z',
          crisis: { emergencyNumber: '112', lineName: 'Crisis Line', lineNumber: '0800 000' },
        },
      },
    });
    jest.useFakeTimers();
    try {
      renderPage();
      await act(async () => {
        await jest.runOnlyPendingTimersAsync();
      });
      fireEvent.click(screen.getByRole('button', { name: /Follow-Up Visit/ }));
      fireEvent.change(screen.getByLabelText('Height (feet)'), { target: { value: '5' } });
      fireEvent.change(screen.getByLabelText('Height (inches)'), { target: { value: '5' } });
      fireEvent.change(screen.getByLabelText('Weight (kg)'), { target: { value: '60' } });
      next();
      fireEvent.click(screen.getByRole('radio', { name: 'No' }));
      next();
      fireEvent.click(screen.getByRole('radio', { name: 'Worse' }));
      next();
      next();
      fireEvent.change(screen.getByRole('textbox'), {
        target: { value: 'I am planning how to end my life' },
      });
      next();
      fireEvent.click(screen.getByRole('button', { name: 'Continue to File Upload' }));
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Finish & Submit' }));
        await jest.advanceTimersByTimeAsync(0);
      });
      expect(screen.getByRole('heading', { name: 'Please get support now' })).toBeTruthy();
      expect(
        screen.getByText('If you might act on these thoughts or are in danger now, call 112.'),
      ).toBeTruthy();
      expect(screen.getByText('To talk to someone at any time: Crisis Line, 0800 000.')).toBeTruthy();
      // No automatic redirect: the information stays until the patient continues.
      await act(async () => {
        await jest.advanceTimersByTimeAsync(5000);
      });
      expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Continue to my dashboard' }));
      expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });
});
