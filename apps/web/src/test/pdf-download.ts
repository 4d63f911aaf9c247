import { vi } from 'vitest';

/**
 * Catches what downloadPdf saves: the Blob it makes a URL of and the name the link clicked gives it, instead of the
 * browser's download (jsdom has neither object URLs nor downloads).
 */
export function catchPdfDownloads() {
  const saved: Array<{ blob: Blob; name: string }> = [];
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), `blob:${blobs.length}`));
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs[Number(this.href.slice('blob:'.length)) - 1];
    if (blob) saved.push({ blob, name: this.download });
  });
  return saved;
}
