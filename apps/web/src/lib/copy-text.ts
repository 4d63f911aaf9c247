import { useEffect, useState } from 'react';

/** Copies through a hidden text area and the old copy command: WebViews without the Clipboard API (or not on https). */
function copyByCommand(value: string): boolean {
  const area = document.createElement('textarea');
  area.value = value;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  try {
    area.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Puts `value` on the clipboard: the Clipboard API, else the copy command; false when the phone can do neither. */
async function copyText(value: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    // no Clipboard API here, or it was refused
  }
  return copyByCommand(value);
}

/** How long a copy button says "Copied" before it offers to copy again. */
const COPIED_SHOWN_MS = 2000;

/** A copy button's state: `copy()` puts the value on the clipboard (false when it could not); `copied` for 2 s after. */
export function useCopyText(value: string): { copied: boolean; copy: () => Promise<boolean> } {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    const done = await copyText(value);
    if (done) setCopied(true);
    return done;
  };
  return { copied, copy };
}
