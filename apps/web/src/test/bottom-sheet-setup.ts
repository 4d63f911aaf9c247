import { afterAll, beforeAll } from 'vitest';
import { reduceMotion, restoreMotion } from 'antd-mobile/es/utils/reduce-and-restore-motion';

/**
 * Lets a test file tap inside antd-mobile's sheets: they ignore taps while they slide in (no animation, then), and
 * listen for swipes with pointer capture, which jsdom lacks.
 */
export function allowSheetTaps(): void {
  beforeAll(reduceMotion);
  afterAll(restoreMotion);
  beforeAll(() => {
    Element.prototype.setPointerCapture ??= () => {};
    Element.prototype.releasePointerCapture ??= () => {};
  });
}
