import { defineTexts } from '../../lib/i18n.ts';

/** The image captcha's texts (its dialog is a chunk of its own); the sign-in forms' are core (login.*). */
export const authTexts = defineTexts({
  'en-US': {
    captcha: {
      heading: 'Enter the image code',
      hint: 'Type the characters you see in the picture',
      placeholder: 'Image code',
      refresh: 'New image',
      imageAlt: 'Image code',
      loadFailed: 'The image could not be loaded, tap to retry',
    },
  },
  'id-ID': {
    captcha: {
      heading: 'Masukkan kode gambar',
      hint: 'Ketik karakter yang Anda lihat pada gambar',
      placeholder: 'Kode gambar',
      refresh: 'Gambar baru',
      imageAlt: 'Kode gambar',
      loadFailed: 'Gambar gagal dimuat, ketuk untuk mencoba lagi',
    },
  },
});
