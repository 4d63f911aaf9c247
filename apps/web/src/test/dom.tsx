// Shared helpers of the web unit tests (React 19's createRoot directly: @testing-library/react sits at the repo
// root next to react-dom 18).
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A JSON response as the API sends it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Types into an input the way a person does: React tracks the value through the native setter, then an input event. */
export function typeInto(input: HTMLInputElement, value: string): void {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Renders `ui` into a fresh element of the document, with look-ups by data-testid. */
export function mount(ui: ReactNode) {
  const el = document.createElement('div');
  document.body.append(el);
  const root = createRoot(el);
  act(() => root.render(ui));
  const byId = <T extends HTMLElement = HTMLInputElement>(id: string) =>
    el.querySelector(`[data-testid="${id}"]`) as T | null;
  return {
    el,
    byId,
    type: (id: string, value: string) => typeInto(byId(id)!, value),
    click: async (id: string) => {
      await act(async () => byId(id)!.click());
    },
    alerts: () => [...el.querySelectorAll('[role="alert"]')].map((a) => a.textContent),
    unmount: () => {
      act(() => root.unmount());
      el.remove();
    },
  };
}

/** Lets pending promises and the renders they cause settle. */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}
