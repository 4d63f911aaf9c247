// Checks every journey runs on each page it visits: at the narrowest (320 px) and widest (430 px) phone widths the
// layout is designed for, as well as the journey's own 390 px, the page has no sideways scroll, splits no one-line text
// and is photographed for people to look at; at the journey's width it passes axe-core's WCAG 2.1 A/AA rules.
import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE_VIEWPORT, snap } from './browser.ts';

/** The narrowest and widest phones of the layout (lib/root-font-size.ts clamps to 320-430), beside the default. */
export const CHECKED_WIDTHS = [320, PHONE_VIEWPORT.width, 430] as const;

/**
 * WCAG 2.1 A/AA, and the landmark rules screen-reader users navigate by (axe "best-practice", so named one by one):
 * one main landmark per page, never nested or repeated.
 */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const AXE_LANDMARK_RULES = ['landmark-one-main', 'landmark-no-duplicate-main', 'landmark-main-is-top-level'];

const describeViolation = (v: Result) =>
  `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
    .slice(0, 5)
    .map((n) => `${n.target.join(' ')} -> ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`)
    .join('\n    ')}`;

/**
 * The WCAG A/AA and landmark violations axe finds on the page as it is now, readable. One analysis (each injects axe
 * and opens a page of its own, ~0.5 s): the WCAG tags and best-practice, of which only the landmark rules are kept.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags([...AXE_TAGS, 'best-practice']).analyze();
  return violations
    .filter((v) => v.tags.some((tag) => AXE_TAGS.includes(tag)) || AXE_LANDMARK_RULES.includes(v.id))
    .map(describeViolation);
}

/**
 * The texts marked `data-one-line` (a stepper's step name, a group of a virtual account number) that the layout has
 * split over two lines: "Pekerjaa/n", "893 / 3" are misread.
 */
export async function brokenAcrossLines(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-one-line]')).flatMap((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const lines = new Set(
        Array.from(range.getClientRects())
          .filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)),
      );
      return lines.size > 1 ? [el.textContent ?? ''] : [];
    }),
  );
}

/**
 * Runs the checks at each width, then restores the journey's viewport. `name` prefixes the screenshots
 * (`<name>-320.png` ...). Call it once the page shows what the step is about.
 */
export async function checkPageAtWidths(page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? PHONE_VIEWPORT;
  // A toast is not the page, and one caught fading in or out is half transparent: axe measured the "PIN saved" toast
  // at a contrast of 2.5 mid-fade (CI, 2026-11-28). Toasts last 3 s (components/toast.ts); at full opacity theirs is
  // antd-mobile's white on 70 % black.
  await page.waitForFunction(() => !document.querySelector('.adm-toast-mask'), undefined, {
    timeout: 10_000,
  });
  try {
    for (const width of CHECKED_WIDTHS) {
      await page.setViewportSize({ width, height: original.height });
      // The root font size follows the width on resize (lib/root-font-size.ts): let layout settle.
      await page.waitForTimeout(100);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      expect(await brokenAcrossLines(page), `${name} at ${width} px: split across lines`).toEqual([]);
      // axe once, at the journey's width: its rules (names, labels, contrast, landmarks, ARIA) read markup and colours,
      // which the width does not change here (one layout, scaled by the root font size), and each run costs a
      // Chromium ~1 s of CPU, three times that at three widths on a loaded machine (issue 24's CI budget).
      if (width === original.width) {
        expect(await axeViolations(page), `${name} at ${width} px: axe violations`).toEqual([]);
      } else {
        await snap(page, `${name}-${width}`);
      }
    }
  } finally {
    await page.setViewportSize(original);
  }
}

/**
 * Waits until a prerendered page (apps/web/vite-prerender-plugin.ts) is hydrated: the HTML is there, and clickable,
 * before the JavaScript has arrived, and a click or a typed value before then is lost. The page's first commit marks
 * #root (start-page.tsx); under React, a part whose code was still loading then hydrates later, so every test-id
 * element must also carry React's props. The landing page runs on Preact, which hydrates the whole tree in that commit.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (root?.dataset.interactive !== 'true') return false;
    if (!Object.keys(root).some((key) => key.startsWith('__reactContainer'))) return true;
    return Array.from(root.querySelectorAll('[data-testid]')).every((el) =>
      Object.keys(el).some((key) => key.startsWith('__reactProps')),
    );
  });
}
