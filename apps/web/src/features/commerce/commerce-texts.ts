import { defineTexts } from '../../lib/i18n.ts';

/** Pay-later at a merchant's checkout (/third/pay/*, deal-success, deal-failed): loaded with those pages only. */
export const commerceTexts = defineTexts({
  'en-US': {
    pin: {
      title: 'Enter your payment PIN',
      label: '6-digit payment PIN',
      hint: 'The PIN confirms {{amount}} to {{merchant}}.',
      forgot: 'Forgot your PIN?',
      wrong_one: 'Wrong PIN. {{count}} try left before it locks.',
      wrong_other: 'Wrong PIN. {{count}} tries left before it locks.',
      confirm: 'Confirm',
      paying: 'Paying…',
    },
    pinConfirm: {
      title: 'Confirm with your payment PIN',
      hint: 'Once set, your payment PIN confirms every loan and every change of bank account, so nobody else can borrow or move your money with your phone.',
    },
    payPin: {
      heading: 'Set your payment PIN',
      intro:
        'Pay-later purchases, cash-loan orders and bank-account changes are confirmed with this 6-digit PIN, so nobody else can use your limit. Do not use your birth date, and never share it: KasKita never asks for it.',
      pin: 'New PIN',
      pinConfirm: 'New PIN again',
      code: 'SMS code',
      codeHint: 'We send a code to your registered phone number.',
      submit: 'Save PIN',
      saved: 'Payment PIN saved',
      saving: 'Saving…',
    },
    notAuth: {
      heading: 'Get your limit first',
      body: 'To pay later at {{merchant}} you need an approved KasKita limit. Verification takes about 5 minutes: your KTP, a selfie and a few questions.',
      keep: 'Your order waits for you until {{time}}. Come back to it from the shop, or from the KasKita home.',
      verify: 'Start verification',
      app: 'Get the KasKita app',
      status_auditing:
        'We are checking your application. When your limit is approved, you can finish this order.',
      status_rejected:
        'Your application was not approved this time, so this order cannot be paid with KasKita. You can pay the shop another way.',
    },
    deal: {
      successHeading: 'Payment successful',
      successBody: '{{amount}} paid to {{merchant}} with KasKita pay later.',
      firstDue: '{{plan}}: first instalment {{amount}}. Every due date is in your bills.',
      bills: 'See my bills',
      failedHeading: 'Payment not completed',
      failedBody: 'Nothing was charged.',
      tryAgain: 'Try again',
    },
    return: {
      body: 'Your order at {{merchant}} is waiting for you until {{time}}.',
      action: 'Finish my order',
    },
    paySignIn: {
      heading: 'Log in to pay later',
      sub: 'Use your phone number. Your order at the shop is kept.',
    },
  },
  'id-ID': {
    pin: {
      title: 'Masukkan PIN pembayaran',
      label: 'PIN pembayaran 6 digit',
      hint: 'PIN mengonfirmasi {{amount}} ke {{merchant}}.',
      forgot: 'Lupa PIN?',
      wrong_one: 'PIN salah. Sisa {{count}} kali coba sebelum terkunci.',
      wrong_other: 'PIN salah. Sisa {{count}} kali coba sebelum terkunci.',
      confirm: 'Konfirmasi',
      paying: 'Membayar…',
    },
    pinConfirm: {
      title: 'Konfirmasi dengan PIN pembayaran',
      hint: 'Setelah dibuat, PIN pembayaran Anda mengonfirmasi setiap pinjaman dan setiap perubahan rekening bank, agar tidak ada orang lain yang meminjam atau memindahkan uang Anda dengan ponsel Anda.',
    },
    payPin: {
      heading: 'Buat PIN pembayaran',
      intro:
        'Pembelian bayar nanti, pengajuan pinjaman tunai, dan perubahan rekening bank dikonfirmasi dengan PIN 6 digit ini, agar tidak ada orang lain yang memakai limit Anda. Jangan gunakan tanggal lahir, dan jangan berikan kepada siapa pun: KasKita tidak pernah memintanya.',
      pin: 'PIN baru',
      pinConfirm: 'Ulangi PIN baru',
      code: 'Kode SMS',
      codeHint: 'Kami mengirim kode ke nomor HP Anda yang terdaftar.',
      submit: 'Simpan PIN',
      saved: 'PIN pembayaran disimpan',
      saving: 'Menyimpan…',
    },
    notAuth: {
      heading: 'Dapatkan limit dulu',
      body: 'Untuk bayar nanti di {{merchant}} Anda memerlukan limit KasKita yang disetujui. Verifikasi sekitar 5 menit: KTP, swafoto, dan beberapa pertanyaan.',
      keep: 'Pesanan Anda menunggu sampai {{time}}. Kembali ke pesanan dari toko, atau dari beranda KasKita.',
      verify: 'Mulai verifikasi',
      app: 'Unduh aplikasi KasKita',
      status_auditing:
        'Pengajuan Anda sedang kami periksa. Setelah limit disetujui, Anda dapat menyelesaikan pesanan ini.',
      status_rejected:
        'Pengajuan Anda belum disetujui kali ini, jadi pesanan ini tidak dapat dibayar dengan KasKita. Anda dapat membayar toko dengan cara lain.',
    },
    deal: {
      successHeading: 'Pembayaran berhasil',
      successBody: '{{amount}} dibayarkan ke {{merchant}} dengan bayar nanti KasKita.',
      firstDue: '{{plan}}: cicilan pertama {{amount}}. Semua tanggal jatuh tempo ada di tagihan Anda.',
      bills: 'Lihat tagihan saya',
      failedHeading: 'Pembayaran tidak selesai',
      failedBody: 'Tidak ada yang ditagihkan.',
      tryAgain: 'Coba lagi',
    },
    return: {
      body: 'Pesanan Anda di {{merchant}} menunggu sampai {{time}}.',
      action: 'Selesaikan pesanan saya',
    },
    paySignIn: {
      heading: 'Masuk untuk bayar nanti',
      sub: 'Gunakan nomor HP Anda. Pesanan Anda di toko tetap tersimpan.',
    },
  },
});
