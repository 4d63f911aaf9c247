import { defineTexts } from '../../lib/i18n.ts';

/** The embedded lender's page (/iframe, /home/iframe): its own namespace, loaded with its chunk only. */
export const embeddedTexts = defineTexts({
  'en-US': {
    embedded: {
      refusedTitle: 'This page cannot be opened',
      refusedBody:
        'KasKita only opens pages of its own secure websites here. The link you followed points somewhere else.',
      home: 'Back to home',
      frameTitle: 'KasKita page',
    },
  },
  'id-ID': {
    embedded: {
      refusedTitle: 'Halaman ini tidak dapat dibuka',
      refusedBody:
        'KasKita hanya membuka halaman dari situs amannya sendiri di sini. Tautan yang Anda ikuti mengarah ke tempat lain.',
      home: 'Kembali ke beranda',
      frameTitle: 'Halaman KasKita',
    },
  },
});
