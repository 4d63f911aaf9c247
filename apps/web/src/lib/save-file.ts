/**
 * Saves bytes as a file through a Blob link: what Android WebViews that ignore `data:` downloads still save. The bytes
 * come as base64 (a file in an API answer) or as text (a JSON document made here).
 */
export function saveFile(
  content: { base64: string } | { text: string },
  fileName: string,
  type: string,
): void {
  let blob: Blob;
  if ('base64' in content) {
    const binary = atob(content.base64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    blob = new Blob([bytes], { type });
  } else blob = new Blob([content.text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Later, not now: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
