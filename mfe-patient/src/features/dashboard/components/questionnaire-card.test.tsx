import { render, screen } from '@testing-library/react';
import { MESSAGES } from '@medora/shared';
import { SummaryTab } from './summary-tab';

// A file of its own: the answers' code must not have been loaded by an earlier test.
it('keeps the questionnaire’s card in place while the code of its answers loads', async () => {
  render(<SummaryTab profile={{ data: { gender: 'Female' }, aiSummary: null }} />);
  const waiting = screen.getByRole('heading', { name: MESSAGES.summaryProfileHeading }).closest('section')!;
  expect(waiting.getAttribute('aria-busy')).toBe('true');
  expect(screen.queryByTestId('summary-questionnaire')).toBeNull();
  const card = await screen.findByTestId('summary-questionnaire');
  expect(card.getAttribute('aria-busy')).toBeNull();
  expect(screen.getAllByRole('heading', { name: MESSAGES.summaryProfileHeading })).toHaveLength(1);
});
