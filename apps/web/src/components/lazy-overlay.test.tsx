import { useState, type ComponentType } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lazyOverlay } from './lazy-overlay.tsx';

/** An overlay whose module load is counted, and which says whether it is shown. */
function counted() {
  const load = vi.fn(async () => ({
    default: (({ visible, text }: { visible?: boolean; text: string }) => (
      <div data-testid="overlay" data-visible={String(visible)}>
        {text}
      </div>
    )) as ComponentType<{ visible?: boolean; text: string }>,
  }));
  return { load, Overlay: lazyOverlay(load) };
}

describe('a lazy overlay', () => {
  it('renders nothing while never shown, fetches its chunk once the page is idle, and shows it when asked', async () => {
    const { load, Overlay } = counted();
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(!open)}>toggle</button>
          <Overlay visible={open} text="Hello" />
        </>
      );
    }
    render(<Page />);
    expect(screen.queryByTestId('overlay')).toBeNull();
    // Fetched on idle (jsdom has no requestIdleCallback: a timer), not at first render.
    expect(load).not.toHaveBeenCalled();
    await waitFor(() => expect(load).toHaveBeenCalled());
    expect(screen.queryByTestId('overlay')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect((await screen.findByTestId('overlay')).dataset.visible).toBe('true');
    // Closed again, it stays mounted so it can animate out.
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await waitFor(() => expect(screen.getByTestId('overlay').dataset.visible).toBe('false'));
  });

  it('renders at once when shown from the start', async () => {
    const { Overlay } = counted();
    render(<Overlay visible text="Reminder" />);
    expect((await screen.findByTestId('overlay')).textContent).toBe('Reminder');
  });
});
