import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { QUEUE_PANEL_ID, QueueTabs } from './queue-tabs';

function Tabs() {
  const [selected, setSelected] = useState<'a' | 'b' | 'c'>('a');
  return (
    <QueueTabs
      labels={{ a: 'First', b: 'Second', c: 'Third' }}
      selected={selected}
      label="Queues"
      onSelect={setSelected}
    />
  );
}

describe('the admin desk’s tabs', () => {
  it('is one tab stop; arrow keys, Home and End select and focus a neighbour, wrapping around', () => {
    render(<Tabs />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(screen.getByRole('tablist', { name: 'Queues' })).toBeTruthy();
    expect(tab('First').getAttribute('aria-selected')).toBe('true');
    expect(tab('First').getAttribute('aria-controls')).toBe(QUEUE_PANEL_ID);
    expect(tab('Second').tabIndex).toBe(-1);

    fireEvent.keyDown(tab('First'), { key: 'ArrowLeft' });
    expect(tab('Third').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Third'));
    fireEvent.keyDown(tab('Third'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('First'));
    fireEvent.keyDown(tab('First'), { key: 'End' });
    expect(tab('Third').tabIndex).toBe(0);
    fireEvent.keyDown(tab('Third'), { key: 'Home' });
    expect(tab('First').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(tab('Second'));
    expect(tab('Second').getAttribute('aria-selected')).toBe('true');
  });
});
