import { formatMessage, MAX_UPLOAD_BYTES, MESSAGES, type Appointment } from '@medora/shared';
import { groupAppointments, statusLabel } from './appointments';
import { checkPdfUpload, fallbackDocuments, isPdf, isPdfFile } from './documents-fallback';
import { profileBmi, questionnaireSections } from './profile-summary';
import { nextTabIndex, readTabState, writeTabState } from './tab-state';

const appt = (id: string, status: Appointment['status'] | undefined, startsAt: string): Appointment =>
  ({ id, status, startsAt, date: '', doctor: 'D', clinic: 'C', notes: '' }) as unknown as Appointment;

describe('appointment status grouping', () => {
  it('puts future missing, Scheduled and Confirmed in Upcoming, the rest (past Scheduled too) in History', () => {
    const { upcoming, history } = groupAppointments(
      [
        appt('a', 'Scheduled', '2026-03-02T10:00:00Z'),
        appt('b', 'Completed', '2026-01-01T10:00:00Z'),
        appt('c', undefined, '2026-03-01T10:00:00Z'),
        appt('d', 'Cancelled', '2026-02-01T10:00:00Z'),
        appt('e', 'No-Show', '2025-12-01T10:00:00Z'),
        appt('f', 'Confirmed', '2026-04-01T10:00:00Z'),
        appt('g', 'Scheduled', '2026-01-15T10:00:00Z'),
      ],
      new Date('2026-02-15T00:00:00Z'),
    );
    expect(upcoming.map((a) => a.id)).toEqual(['c', 'a', 'f']);
    expect(history.map((a) => a.id)).toEqual(['d', 'g', 'b', 'e']);
    expect(statusLabel(undefined)).toBe('Scheduled');
  });
});

describe('tab URL state', () => {
  it('reads tab and sub with fallbacks', () => {
    expect(readTabState(new URLSearchParams(''))).toEqual({ tab: 'summary', sub: 'upcoming' });
    expect(readTabState(new URLSearchParams('tab=appointments&sub=history'))).toEqual({
      tab: 'appointments',
      sub: 'history',
    });
    expect(readTabState(new URLSearchParams('tab=evil&sub=nope'))).toEqual({
      tab: 'summary',
      sub: 'upcoming',
    });
  });

  it('writes sub only for the Appointments tab and keeps other params', () => {
    const p = writeTabState(new URLSearchParams('x=1&sub=history'), { tab: 'documents', sub: 'history' });
    expect(p.toString()).toBe('x=1&tab=documents');
    const q = writeTabState(new URLSearchParams(''), { tab: 'appointments', sub: 'history' });
    expect(q.toString()).toBe('tab=appointments&sub=history');
  });

  it('moves with arrow keys, wrapping, and Home/End', () => {
    expect(nextTabIndex('ArrowRight', 3, 4)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 4)).toBe(3);
    expect(nextTabIndex('Home', 2, 4)).toBe(0);
    expect(nextTabIndex('End', 0, 4)).toBe(3);
    expect(nextTabIndex('a', 0, 4)).toBeNull();
  });
});

describe('documents fallback', () => {
  it('builds name-only records from medicalReports and <field>_document entries', () => {
    const docs = fallbackDocuments(
      {
        name: 'Pat',
        medicalReports: 'a.pdf, b.pdf',
        chronicConditions_document: 'diabetes.pdf',
        uploadedAt: '2026-01-01T00:00:00.000Z',
      },
      undefined,
    );
    expect(docs.map((d) => [d.name, d.type, d.hasFile])).toEqual([
      ['a.pdf', 'Medical Report', false],
      ['b.pdf', 'Medical Report', false],
      ['diabetes.pdf', 'chronicConditions', false],
    ]);
    expect(new Set(docs.map((d) => d.id)).size).toBe(3);
    expect(docs[0]!.uploadedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(fallbackDocuments(null)).toEqual([]);
    expect(fallbackDocuments({ medicalReports: '' })).toEqual([]);
  });

  it('recognises PDFs', () => {
    expect(isPdf({ contentType: 'application/pdf', name: 'x' })).toBe(true);
    expect(isPdf({ contentType: null, name: 'x.PDF' })).toBe(true);
    expect(isPdfFile({ name: 'x.png', type: 'image/png' })).toBe(false);
    expect(isPdfFile({ name: 'x.pdf', type: 'application/pdf' })).toBe(true);
  });
});

describe('a PDF picked on the dashboard, checked before it is sent', () => {
  const pdf = (name: string, bytes: BlobPart[], type = 'application/pdf') => new File(bytes, name, { type });

  it('accepts a PDF by its first bytes', async () => {
    expect(await checkPdfUpload(pdf('report.pdf', ['%PDF-1.4\n%%EOF\n']))).toBeNull();
  });

  it('refuses a text file named .pdf, naming it, not as a Word document or image', async () => {
    const message = await checkPdfUpload(pdf('notes.pdf', ['just some text']));
    expect(message).toBe(formatMessage('pdfFileRefused', { name: 'notes.pdf' }));
    expect(message).not.toMatch(/Word|image/);
  });

  it('refuses a file over 10 MB at once', async () => {
    const big = pdf('scan.pdf', ['%PDF-1.4\n', new Uint8Array(MAX_UPLOAD_BYTES)]);
    expect(await checkPdfUpload(big)).toBe(MESSAGES.uploadTooLarge);
  });

  it('refuses another type by its name', async () => {
    expect(await checkPdfUpload(pdf('photo.png', ['x'], 'image/png'))).toBe(MESSAGES.pdfOnly);
  });
});

describe('profile BMI', () => {
  it('reads heightWeight and the flat stored form', () => {
    expect(profileBmi({ heightWeight: { heightFeet: 5, heightInches: 10, weight: 70 } })).toEqual({
      bmi: 22.1,
      category: 'Normal',
    });
    expect(profileBmi({ heightFeet: '6', heightInches: '0', weightKg: '120' } as never)?.category).toBe(
      'Obese',
    );
    expect(profileBmi({ name: 'x' })).toBeNull();
  });
});

describe('questionnaire sections of the Patient Summary', () => {
  it('shows uploads by their readable type and drops empty sections', () => {
    const sections = questionnaireSections({
      name: 'Ann',
      chronicConditions: ['Diabetes'],
      chronicConditions_document: 'hba1c.pdf',
    });
    const docs = sections.find((s) => s.title === 'Uploaded Documents')!;
    expect(docs.items).toEqual([{ label: 'Chronic conditions report', value: 'hba1c.pdf' }]);
    expect(questionnaireSections({ name: 'Ann' }).map((s) => s.title)).toEqual(['Personal Information']);
    expect(questionnaireSections(null)).toEqual([]);
  });
});
