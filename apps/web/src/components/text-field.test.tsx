import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from './text-field.tsx';

/** What a controlled field's state holds, shown beside it (a re-render of the field shows whether it was wiped). */
function Form() {
  const [phone, setPhone] = useState('');
  const [ticks, setTicks] = useState(0);
  return (
    <form>
      <TextField label="Phone" value={phone} onChange={setPhone} testId="phone" />
      <output data-testid="state">{phone}</output>
      <button type="button" onClick={() => setTicks(ticks + 1)}>
        re-render {ticks}
      </button>
    </form>
  );
}

let container: HTMLDivElement;
afterEach(() => container.remove());

/** The prerendered page's HTML, as the server sends it, with nothing hydrated yet. */
function prerendered(): HTMLDivElement {
  container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
  return container;
}

describe('TextField on a prerendered page', () => {
  it('keeps what was typed before hydration: in the field, in state, and through the next render', async () => {
    const page = prerendered();
    const input = page.querySelector<HTMLInputElement>('[data-testid="phone"]')!;
    input.value = '0812 3456 7890'; // typed while the JavaScript was still on its way
    await act(async () => {
      hydrateRoot(page, <Form />);
    });
    expect(page.querySelector('[data-testid="state"]')!.textContent).toBe('0812 3456 7890');
    await act(async () => page.querySelector('button')!.click());
    expect(page.querySelector('button')!.textContent).toBe('re-render 1');
    expect(input.value).toBe('0812 3456 7890');
  });

  it('changes nothing when nothing was typed', async () => {
    const page = prerendered();
    await act(async () => {
      hydrateRoot(page, <Form />);
    });
    expect(page.querySelector('[data-testid="state"]')!.textContent).toBe('');
    expect(page.querySelector<HTMLInputElement>('[data-testid="phone"]')!.value).toBe('');
  });
});
