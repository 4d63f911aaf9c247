import { describe, expect, it } from 'vitest';
import { shouldShowToast, TOAST_THROTTLE_MS } from './toast.ts';
import { isImageFile } from './image-upload-input.tsx';

describe('toast throttle', () => {
  it('drops the same toast within 3050 ms, shows others', () => {
    const last = { key: 'error:API ERROR', at: 1000 };
    expect(shouldShowToast('error:API ERROR', 1000 + TOAST_THROTTLE_MS - 1, last)).toBe(false);
    expect(shouldShowToast('error:API ERROR', 1000 + TOAST_THROTTLE_MS, last)).toBe(true);
    expect(shouldShowToast('success:Saved', 1001, last)).toBe(true);
  });
});

describe('image filter', () => {
  it('image files only', () => {
    expect(isImageFile({ type: 'image/jpeg' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
  });
});
