/**
 * A phone camera's photo (a KTP, a selfie) is 3-8 MB; reading a card or matching a face needs far fewer pixels. Re-encoding it at most 1600 px
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
