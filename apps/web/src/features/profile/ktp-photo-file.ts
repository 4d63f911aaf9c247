/**
 * A phone camera's KTP photo is 3-8 MB; the card needs far fewer pixels to be read. Re-encoding it at most 1600 px
 * on its long side as JPEG makes the upload ~300 kB, which matters on prepaid mobile data and keeps it under the
 * server's 5 MiB limit. The orientation the phone recorded is applied by createImageBitmap. Where the browser
 * cannot do this (old WebViews), the file goes as it is.
 */
export const PHOTO_MAX_SIDE = 1600;
const SMALL_ENOUGH_BYTES = 1_000_000;

export async function shrinkPhoto(file: File): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= SMALL_ENOUGH_BYTES) {
      bitmap.close();
      return file;
    }
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob ?? file;
  } catch {
    return file;
  }
}

/** A business date 'YYYY-MM-DD' as a local Date for the picker, or null. */
export function dateFromApi(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}
