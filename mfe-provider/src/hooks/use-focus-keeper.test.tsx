import { useRef, useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useFocusKeeper } from './use-focus-keeper';

/** A card whose action replaces its button. */
function Page() {
  const main = useRef<HTMLElement>(null);
  useFocusKeeper(main);
  const [done, setDone] = useState(false);
  return (
    <main ref={main}>
      <article aria-label="Visit">
        <h4>Casey</h4>
        {done ? <p>Completed</p> : <button onClick={() => setDone(true)}>Mark Completed</button>}
      </article>
    </main>
  );
}

describe('useFocusKeeper', () => {
  it('moves the focus of a button that went away to its card’s heading, not the page body', async () => {
    render(<Page />);
    const button = screen.getByRole('button', { name: 'Mark Completed' });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Casey' })));
  });
});
