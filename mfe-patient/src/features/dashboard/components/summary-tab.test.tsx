import { fireEvent, render, screen, within } from '@testing-library/react';
import { MESSAGES, type ClinicalSummary } from '@medora/shared';
import { SummaryTab } from './summary-tab';

const SUMMARY: ClinicalSummary = {
  engine: 'deterministic',
  generatedAt: '2026-01-01T00:00:00Z',
  disclaimer: 'Generated summary, not a diagnosis.',
  redFlags: ['Recent thoughts of self-harm or of being better off dead: assess safety today.'],
  sections: [{ title: 'Chief complaints', lines: ['Depression'] }],
  text: '',
};

const DATA = {
  name: 'Pat Doe',
  gender: 'Female',
  chronicConditions: ['Diabetes'],
  chronicConditions_document: 'hba1c.pdf',
};

describe('SummaryTab', () => {
  it('puts the clinical summary with its red flags and the verification label before the answers', async () => {
    render(<SummaryTab profile={{ data: DATA, aiSummary: SUMMARY }} />);
    const clinical = screen.getByTestId('ai-summary');
    const answers = await screen.findByTestId('summary-questionnaire');
    expect(clinical.compareDocumentPosition(answers) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const flags = within(screen.getByTestId('summary-red-flags'));
    expect(flags.getByRole('heading', { name: MESSAGES.summaryRedFlagsHeading })).toBeTruthy();
    expect(flags.getByText(/self-harm/)).toBeTruthy();
    expect(screen.getByTestId('summary-verify').textContent).toBe(MESSAGES.summaryVerifyLabel);
  });

  it('shows the answers in collapsed sections that open, with uploads by readable type', async () => {
    render(<SummaryTab profile={{ data: DATA, aiSummary: SUMMARY }} />);
    const sections = (await screen.findAllByTestId('summary-section')) as HTMLDetailsElement[];
    expect(sections.map((d) => d.open)).toEqual(sections.map(() => false));
    const docs = sections.find((d) => d.querySelector('summary')?.textContent === 'Uploaded Documents')!;
    fireEvent.click(docs.querySelector('summary')!);
    expect(docs.open).toBe(true);
    expect(within(docs).getByText('Chronic conditions report')).toBeTruthy();
    expect(within(docs).queryByText('chronicConditions')).toBeNull();
  });

  it('says there are no red flags, and works without a summary', () => {
    const { rerender } = render(
      <SummaryTab profile={{ data: DATA, aiSummary: { ...SUMMARY, redFlags: [] } }} />,
    );
    expect(screen.getByText(MESSAGES.summaryRedFlagsNone)).toBeTruthy();
    rerender(<SummaryTab profile={{ data: DATA, aiSummary: null }} />);
    expect(within(screen.getByTestId('ai-summary')).getByText(MESSAGES.summaryNone)).toBeTruthy();
    rerender(<SummaryTab profile={null} />);
    expect(screen.getByText(MESSAGES.summaryNone)).toBeTruthy();
  });
  it('shows each flag with its urgency in words, what to do, and the answers that raised it', () => {
    const flagged: ClinicalSummary = {
      ...SUMMARY,
      redFlags: ['Chest pain with cardiac features: assess now.', 'A breast lump at 30 or over: refer.'],
      flags: [
        {
          id: 'acs',
          concept: 'cardiac-chest-pain',
          urgency: 'emergency',
          message: 'Chest pain with cardiac features: assess now.',
          evidence: [
            {
              field: 'chestPainLocation',
              label: 'Chest Pain: Where is the pain?',
              answer: 'Spreads to the left arm',
            },
          ],
          source: 'NICE CG95 1.1',
        },
        {
          id: 'breast-30',
          concept: 'suspected-cancer',
          urgency: 'urgent-cancer',
          message: 'A breast lump at 30 or over: refer.',
          evidence: [{ field: 'dob', label: 'Age', answer: '34 years' }],
          source: 'NICE NG12 1.4.1',
        },
      ],
      freeTextFields: [],
    };
    render(<SummaryTab profile={{ data: DATA, aiSummary: flagged }} />);
    const items = screen.getAllByTestId('summary-flag');
    expect(items.map((i) => within(i).getByText(/^Urgency:/).textContent)).toEqual([
      'Urgency: Emergency now',
      'Urgency: Urgent suspected-cancer referral',
    ]);
    expect(within(items[0]!).getByText(MESSAGES.urgencyAdviceEmergency)).toBeTruthy();
    expect(
      within(items[0]!).getByText('Chest Pain: Where is the pain? — Spreads to the left arm'),
    ).toBeTruthy();
    expect(screen.getByTestId('summary-engine').textContent).toBe(MESSAGES.summaryEngineDeterministic);
  });

  it('never says "no red flags" over free text, and lists earlier unreviewed flags', () => {
    render(
      <SummaryTab
        profile={{
          data: DATA,
          aiSummary: {
            ...SUMMARY,
            redFlags: [],
            flags: [],
            freeTextFields: ['symptomsOther'],
            previousFlags: [
              {
                id: 'acs',
                concept: 'cardiac-chest-pain',
                urgency: 'emergency',
                message: 'Chest pain with cardiac features: assess now.',
                evidence: [],
                source: 'NICE CG95 1.1',
                visitId: 'v1',
                visitedAt: '2026-01-01T00:00:00Z',
              },
            ],
          },
        }}
      />,
    );
    expect(screen.getByTestId('summary-no-flags').textContent).toBe(MESSAGES.summaryFreeTextUnscreened);
    expect(screen.queryByText(MESSAGES.summaryRedFlagsNone)).toBeNull();
    expect(
      within(screen.getByTestId('summary-previous-flags')).getByText(/Chest pain with cardiac/),
    ).toBeTruthy();
  });
});
