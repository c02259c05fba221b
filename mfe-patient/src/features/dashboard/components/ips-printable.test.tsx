import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { api, MESSAGES, type DownloadedFile } from '@medora/shared';
import { renderWithQuery } from '../../../test-utils/render-with-query';
import { IpsPrintable } from './ips-printable';

/** A small IPS document as another system could send it: relative references, a "no known" entry. */
const IPS = {
  resourceType: 'Bundle',
  type: 'document',
  entry: [
    {
      fullUrl: 'https://example.org/fhir/Composition/c1',
      resource: {
        resourceType: 'Composition',
        id: 'c1',
        title: 'Patient Summary of Pat Doe',
        date: '2026-11-27T12:00:00Z',
        subject: { reference: 'Patient/p1' },
        author: [{ reference: 'Organization/o1' }],
        section: [
          { title: 'Medication Summary', entry: [{ reference: 'MedicationStatement/m1' }] },
          { title: 'Allergies and Intolerances', entry: [{ reference: 'AllergyIntolerance/a1' }] },
          {
            title: 'Problem List',
            emptyReason: { text: 'Not asked' },
          },
        ],
      },
    },
    {
      fullUrl: 'https://example.org/fhir/Patient/p1',
      resource: {
        resourceType: 'Patient',
        id: 'p1',
        name: [{ given: ['Pat'], family: 'Doe' }],
        birthDate: '1990-02-03',
      },
    },
    {
      fullUrl: 'https://example.org/fhir/Organization/o1',
      resource: { resourceType: 'Organization', id: 'o1', name: 'Other Clinic' },
    },
    {
      fullUrl: 'https://example.org/fhir/MedicationStatement/m1',
      resource: {
        resourceType: 'MedicationStatement',
        id: 'm1',
        medicationCodeableConcept: { coding: [{ display: 'Metformin 500 mg' }] },
        dosage: [{ text: 'twice a day' }],
      },
    },
    {
      fullUrl: 'https://example.org/fhir/AllergyIntolerance/a1',
      resource: { resourceType: 'AllergyIntolerance', id: 'a1', code: { text: 'No known allergy' } },
    },
  ],
};

// jsdom's Blob has no text(); every browser Medora supports has.
const jsonBlob = (body: unknown) =>
  Object.assign(new Blob([JSON.stringify(body)], { type: 'application/fhir+json' }), {
    text: () => Promise.resolve(JSON.stringify(body)),
  });

const file = (body: unknown): DownloadedFile => ({
  blob: jsonBlob(body),
  fileName: 'summary.json',
  contentType: 'application/fhir+json',
});

afterEach(() => jest.restoreAllMocks());

describe('IpsPrintable', () => {
  it('prints every section of the IPS document with its entries, and why an empty one is empty', async () => {
    jest.spyOn(api, 'exportHealthRecord').mockResolvedValue(file(IPS));
    renderWithQuery(
      <MemoryRouter>
        <IpsPrintable uid="u1" />
      </MemoryRouter>,
    );
    const sheet = within(await screen.findByTestId('ips-printable'));
    await waitFor(() => expect(sheet.getByText('Pat Doe')).toBeTruthy());
    expect(api.exportHealthRecord).toHaveBeenCalledWith('u1', 'ips');
    expect(sheet.getByRole('heading', { level: 1, name: 'Patient Summary of Pat Doe' })).toBeTruthy();
    expect(
      within(sheet.getByRole('region', { name: 'Medication Summary' })).getByText(
        'Metformin 500 mg, twice a day',
      ),
    ).toBeTruthy();
    expect(
      within(sheet.getByRole('region', { name: 'Allergies and Intolerances' })).getByText('No known allergy'),
    ).toBeTruthy();
    expect(within(sheet.getByRole('region', { name: 'Problem List' })).getByText('Not asked')).toBeTruthy();
  });

  it('says so when the file is not an IPS document', async () => {
    jest
      .spyOn(api, 'exportHealthRecord')
      .mockResolvedValue(file({ resourceType: 'Bundle', type: 'collection' }));
    renderWithQuery(
      <MemoryRouter>
        <IpsPrintable uid="u1" />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.recordIpsPrintInvalid);
  });
});
