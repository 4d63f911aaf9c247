import { defineTexts } from '../../lib/i18n.ts';

/** The partner channel's sign-in (OppoAuthLogin): loaded with that page only. */
export const partnerLoginTexts = defineTexts({
  'en-US': {
    partnerLogin: {
      heading: 'Sign in to KasKita',
      sub: 'You came from our partner OPPO. Sign in with your phone number and you go straight back to where you were.',
      partnerNote:
        'OPPO does not see your KasKita data: your loan, your documents and your payments stay between you and KasKita.',
    },
  },
  'id-ID': {
    partnerLogin: {
      heading: 'Masuk ke KasKita',
      sub: 'Anda datang dari mitra kami OPPO. Masuk dengan nomor HP Anda dan Anda langsung kembali ke halaman sebelumnya.',
      partnerNote:
        'OPPO tidak melihat data KasKita Anda: pinjaman, dokumen, dan pembayaran Anda hanya antara Anda dan KasKita.',
    },
  },
});
