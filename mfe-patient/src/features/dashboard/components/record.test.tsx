import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  api,
  ApiError,
  MESSAGES,
  type ClinicalSummary,
  type DownloadedFile,
  type Medication,
} from '@medora/shared';
import { renderWithQuery } from '../../../test-utils/render-with-query';
import { PrintableSummary } from './printable-summary';
import { RecordActions } from './record-actions';

/** A summary with a red flag: the printable page shows it first. */
const SUMMARY: ClinicalSummary = {
  engine: 'deterministic',
  generatedAt: '2026-02-01T08:00:00Z',
  disclaimer: 'To be verified by a clinician.',
  redFlags: ['Blood sugar above 20 mmol/L: same-day review.'],
  sections: [{ title: 'Chronic conditions', lines: ['Diabetes (for 1-2 years)', 'Headache'] }],
  text: 'summary',
};

const DATA = {
  name: 'Pat Doe',
  dob: '1990-02-03',
  allergyList: ['Peanuts'],
  chronicConditions: ['Diabetes'],
  diabetesDuration: '1-2 years',
  diabetesMeds: ['Metformin'],
  medicationClasses: ['None'],
};

afterEach(() => jest.restoreAllMocks());

describe('PrintableSummary', () => {
  it('shows name, date of birth, problems, medications, allergies and the clinical summary', () => {
    render(
      <MemoryRouter>
        <PrintableSummary profile={{ data: DATA, aiSummary: SUMMARY }} />
      </MemoryRouter>,
    );
    const sheet = within(screen.getByTestId('printable-summary'));
    expect(sheet.getByText('Pat Doe')).toBeTruthy();
    expect(sheet.getByText(/1990/)).toBeTruthy();
    expect(
      within(sheet.getByRole('region', { name: MESSAGES.recordProblems })).getByText(
        'Diabetes (for 1-2 years)',
      ),
    ).toBeTruthy();
    expect(
      within(sheet.getByRole('region', { name: MESSAGES.recordMedications })).getByText('Metformin'),
    ).toBeTruthy();
    expect(
      within(sheet.getByRole('region', { name: MESSAGES.recordAllergies })).getByText('Peanuts'),
    ).toBeTruthy();
    expect(
      within(sheet.getByRole('region', { name: MESSAGES.recordSurgeries })).getByText(
        MESSAGES.recordNoneKnown,
      ),
    ).toBeTruthy();
    expect(sheet.getByText('Headache')).toBeTruthy();
    expect(sheet.getByText(/Blood sugar above 20/)).toBeTruthy();
  });

  it('lists the medicines of My medicines, a paused one marked, instead of the intake’s answers', () => {
    const taking: Medication = {
      id: 'm1',
      patientUid: 'p1',
      name: 'Lisinopril',
      medicineId: null,
      strength: '10 mg',
      form: 'tablet',
      dose: '1 tablet',
      frequency: 'once a day',
      startedOn: null,
      startedText: null,
      reason: null,
      conditionKey: null,
      prescriber: null,
      prescriberUid: null,
      status: 'taking',
      statusOn: null,
      statusReason: null,
      notes: null,
      source: 'patient',
      confirmedAt: '2026-11-01T10:00:00Z',
      reminder: { kind: 'off' },
      createdAt: '2026-11-01T10:00:00Z',
      updatedAt: '2026-11-01T10:00:00Z',
      version: 1,
    };
    const paused: Medication = {
      ...taking,
      id: 'm2',
      name: 'Ventolin',
      strength: null,
      form: null,
      dose: null,
      frequency: null,
      status: 'paused',
      statusOn: '2026-11-02',
    };
    render(
      <MemoryRouter>
        <PrintableSummary profile={{ data: DATA, aiSummary: null }} medications={[taking, paused]} />
      </MemoryRouter>,
    );
    const list = within(screen.getByRole('region', { name: MESSAGES.recordMedicinesHeading }));
    expect(list.getByText('Lisinopril 10 mg tablet — 1 tablet, once a day')).toBeTruthy();
    expect(list.getByText(/^Ventolin — Paused since \w{3} 2 Nov 2026$/)).toBeTruthy();
    expect(list.queryByText('Metformin')).toBeNull();
  });

  it('prints with window.print()', () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <PrintableSummary profile={{ data: DATA, aiSummary: null }} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.recordPrint }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});

describe('RecordActions', () => {
  it('shows the loading state, then the error, and the button works again', async () => {
    let fail!: (e: unknown) => void;
    jest
      .spyOn(api, 'exportHealthRecord')
      .mockImplementation(() => new Promise((_resolve, reject) => (fail = reject)));
    renderWithQuery(
      <MemoryRouter>
        <RecordActions uid="u1" />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.recordDownload }));
    const busy = await screen.findByRole('button', { name: MESSAGES.recordDownloading });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(api.exportHealthRecord).toHaveBeenCalledWith('u1');
    fail(new ApiError(503, 'Service unavailable'));
    expect((await screen.findByRole('alert')).textContent).toContain('Service unavailable');
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: MESSAGES.recordDownload }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
  });

  it('downloads the patient summary (IPS) from its own button, which alone shows it is busy', async () => {
    let done!: (file: DownloadedFile) => void;
    jest
      .spyOn(api, 'exportHealthRecord')
      .mockImplementation(() => new Promise((resolve) => (done = resolve)));
    renderWithQuery(
      <MemoryRouter>
        <RecordActions uid="u1" />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.recordDownloadIps }));
    expect(await screen.findByRole('button', { name: MESSAGES.recordDownloading })).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: MESSAGES.recordDownload }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(api.exportHealthRecord).toHaveBeenCalledWith('u1', 'ips');
    // jsdom has no object URLs: the save itself is the browser's.
    URL.createObjectURL = jest.fn(() => 'blob:summary');
    URL.revokeObjectURL = jest.fn();
    done({
      blob: new Blob(['{}']),
      fileName: 'medora-patient-summary-2026-11-27.json',
      contentType: 'application/fhir+json',
    });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('medora-patient-summary-2026-11-27.json'),
    );
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    delete (URL as { createObjectURL?: unknown }).createObjectURL;
  });
});
