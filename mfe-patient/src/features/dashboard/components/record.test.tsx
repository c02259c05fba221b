import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { api, ApiError, MESSAGES, type ClinicalSummary, type DownloadedFile } from '@medora/shared';
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
