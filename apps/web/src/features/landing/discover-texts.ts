import { defineTexts } from '../../lib/i18n.ts';

/** /discover: what KasKita offers, each with the page where it starts. Loaded with that page only. */
export const discoverTexts = defineTexts({
  'en-US': {
    discover: {
      heading: 'What you can do with KasKita',
      cashTitle: 'Cash loan to your bank account',
      cashBody:
        'Apply with your KTP, see the whole cost before you accept, and receive the money in your own account.',
      cashAction: 'Check my limit',
      payLaterTitle: 'Pay later at shops',
      payLaterBody:
        'At shops that offer KasKita at their checkout: pay in 30 days or in 3 or 6 monthly instalments.',
      payLaterAction: 'How pay later works',
      flexibleTitle: 'Repay early, pay less',
      flexibleBody: 'Settle your loan on any day: interest counts only the days you used the money.',
      flexibleAction: 'See how it works',
      helpTitle: 'Help when you need it',
      helpBody:
        'Questions and answers, customer service, and complaints with an answer within 10 working days.',
      helpAction: 'Open help',
    },
  },
  'id-ID': {
    discover: {
      heading: 'Yang bisa Anda lakukan dengan KasKita',
      cashTitle: 'Pinjaman tunai ke rekening bank',
      cashBody:
        'Ajukan dengan KTP, lihat seluruh biaya sebelum setuju, dan terima uang di rekening Anda sendiri.',
      cashAction: 'Cek limit saya',
      payLaterTitle: 'Bayar nanti di toko',
      payLaterBody:
        'Di toko yang menawarkan KasKita saat pembayaran: bayar dalam 30 hari atau 3 atau 6 cicilan bulanan.',
      payLaterAction: 'Cara kerja bayar nanti',
      flexibleTitle: 'Lunasi lebih awal, bayar lebih sedikit',
      flexibleBody: 'Lunasi pinjaman kapan saja: bunga dihitung hanya untuk hari pemakaian.',
      flexibleAction: 'Lihat caranya',
      helpTitle: 'Bantuan saat Anda perlu',
      helpBody: 'Tanya jawab, layanan pelanggan, dan pengaduan yang dijawab dalam 10 hari kerja.',
      helpAction: 'Buka bantuan',
    },
  },
});
