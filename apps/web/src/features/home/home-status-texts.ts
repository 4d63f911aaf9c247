import { defineTexts } from '../../lib/i18n.ts';

/** The home's rarer pages (no product, nothing to repay, a status the app does not know): loaded with them only. */
export const homeStatusTexts = defineTexts({
  'en-US': {
    homeStatus: {
      notProductsTitle: 'No loan is offered to you right now',
      notProductsBody:
        'Your limit is kept, but no loan product is open at the moment. Nothing is charged while you wait; please look again later.',
      notRepaymentTitle: 'Nothing to repay',
      notRepaymentBody: 'You have no bill to pay. Your past loans and payments are in Me.',
      history: 'My loan history',
      defaultTitle: 'We are updating your account',
      defaultBody:
        'Your account is in a state this page cannot show yet. Nothing changes to your money meanwhile. Try again in a moment, or ask customer service.',
      retry: 'Try again',
      help: 'Help and customer service',
      home: 'Back to home',
    },
  },
  'id-ID': {
    homeStatus: {
      notProductsTitle: 'Belum ada pinjaman yang ditawarkan saat ini',
      notProductsBody:
        'Limit Anda tetap tersimpan, tetapi saat ini tidak ada produk pinjaman yang dibuka. Tidak ada biaya selama menunggu; silakan cek lagi nanti.',
      notRepaymentTitle: 'Tidak ada yang perlu dibayar',
      notRepaymentBody: 'Anda tidak memiliki tagihan. Pinjaman dan pembayaran sebelumnya ada di menu Saya.',
      history: 'Riwayat pinjaman saya',
      defaultTitle: 'Kami sedang memperbarui akun Anda',
      defaultBody:
        'Status akun Anda belum dapat ditampilkan di halaman ini. Uang Anda tidak berubah. Coba lagi sebentar lagi, atau hubungi layanan pelanggan.',
      retry: 'Coba lagi',
      help: 'Bantuan dan layanan pelanggan',
      home: 'Kembali ke beranda',
    },
  },
});
