import { defineTexts } from '../../lib/i18n.ts';

/** /third/pay/download: its own namespace, so the page carries only its texts. */
export const downloadTexts = defineTexts({
  'en-US': {
    payDownload: {
      heading: 'KasKita pay later',
      fact_plans: 'Pay in 30 days, or in 3 or 6 monthly instalments.',
      fact_cost:
        'Every instalment, the interest and the fee are shown before you confirm. Nothing is taken from the order.',
      fact_pin: 'Each purchase is confirmed with your own 6-digit payment PIN.',
      fact_shops: 'Use it at shops that offer KasKita at their checkout, within your approved limit.',
      app: 'Get the app',
      android: 'Get it on Google Play',
      ios: 'Download on the App Store',
      smsHint: 'Or get the link by SMS:',
      send: 'Send me the link',
      sent: 'Link sent to {{phone}}.',
      tryLater: 'A link was sent to this number a moment ago. Please try again in {{minutes}} minutes.',
      noApp: 'The KasKita app is not published yet. Everything works in your phone’s browser.',
      useWeb: 'Open KasKita',
    },
  },
  'id-ID': {
    payDownload: {
      heading: 'Bayar nanti KasKita',
      fact_plans: 'Bayar dalam 30 hari, atau 3 atau 6 cicilan bulanan.',
      fact_cost:
        'Setiap cicilan, bunga, dan biaya ditampilkan sebelum Anda konfirmasi. Tidak ada potongan dari pesanan.',
      fact_pin: 'Setiap pembelian dikonfirmasi dengan PIN pembayaran 6 digit milik Anda.',
      fact_shops: 'Gunakan di toko yang menawarkan KasKita saat pembayaran, sesuai limit yang disetujui.',
      app: 'Unduh aplikasi',
      android: 'Dapatkan di Google Play',
      ios: 'Unduh di App Store',
      smsHint: 'Atau dapatkan tautannya lewat SMS:',
      send: 'Kirim tautan ke saya',
      sent: 'Tautan dikirim ke {{phone}}.',
      tryLater: 'Tautan baru saja dikirim ke nomor ini. Silakan coba lagi dalam {{minutes}} menit.',
      noApp: 'Aplikasi KasKita belum diterbitkan. Semua fitur bisa dipakai di browser HP Anda.',
      useWeb: 'Buka KasKita',
    },
  },
});
