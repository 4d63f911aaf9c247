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
export async function copyText(value: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    // no Clipboard API here, or it was refused
  }
  return copyByCommand(value);
}
