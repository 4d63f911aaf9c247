import { defineTexts } from '../../lib/i18n.ts';

/**
 * Me's signed-in texts that the visitor's Me never shows (credit held and its refunds): a namespace of this feature, so
 * they load with the Me page's chunk instead of in the core every first page carries.
 */
export const meTexts = defineTexts({
  'en-US': {
    meBalance: {
      title: 'Money left over',
      held: 'Held for you',
      // Credit on a loan still open: it is paid back once the loan is paid off.
      whenPaidOff: 'Sent back to your bank account when your loan is paid off.',
      refundTo: '{{amount}} to {{bank}} ****{{digits}}',
      state_awaiting_approval: 'Being approved',
      state_queued: 'Being sent',
      state_sending: 'Being sent',
      state_pending: 'On its way to your bank',
      state_retrying: 'Trying again',
      state_failed: 'Not sent: our team will contact you',
      state_cancelled: 'Stopped: our team will contact you about your balance',
      details: 'See it in your repayment history',
    },
    devices: {
      intro:
        'Every phone or browser signed in to your account. We send an SMS to your number when a new one signs in. Do not recognise one? Sign it out and change your password.',
      current: 'This device',
      signedInAt: 'Signed in {{time}}',
      lastUsed: 'Last used {{time}}',
      from: 'From network {{network}}',
      signOut: 'Sign out',
      signOutOthers: 'Sign out every other device',
      done: 'Signed out',
      confirmTitle: 'Sign this device out?',
      confirmOthersTitle: 'Sign out every other device?',
      confirmBody: 'It will need the SMS code or your password to sign in again.',
      keep: 'Cancel',
      empty: 'No other device is signed in.',
    },
  },
  'id-ID': {
    meBalance: {
      title: 'Kelebihan bayar',
      held: 'Disimpan untuk Anda',
      whenPaidOff: 'Dikembalikan ke rekening bank Anda saat pinjaman lunas.',
      refundTo: '{{amount}} ke {{bank}} ****{{digits}}',
      state_awaiting_approval: 'Sedang disetujui',
      state_queued: 'Sedang dikirim',
      state_sending: 'Sedang dikirim',
      state_pending: 'Dalam perjalanan ke bank Anda',
      state_retrying: 'Dicoba lagi',
      state_failed: 'Belum terkirim: tim kami akan menghubungi Anda',
      state_cancelled: 'Dihentikan: tim kami akan menghubungi Anda tentang saldo Anda',
      details: 'Lihat di riwayat pembayaran',
    },
    devices: {
      intro:
        'Setiap ponsel atau peramban yang masuk ke akun Anda. Kami mengirim SMS ke nomor Anda saat ada perangkat baru yang masuk. Tidak mengenali salah satunya? Keluarkan dan ganti kata sandi Anda.',
      current: 'Perangkat ini',
      signedInAt: 'Masuk {{time}}',
      lastUsed: 'Terakhir dipakai {{time}}',
      from: 'Dari jaringan {{network}}',
      signOut: 'Keluarkan',
      signOutOthers: 'Keluarkan semua perangkat lain',
      done: 'Sudah dikeluarkan',
      confirmTitle: 'Keluarkan perangkat ini?',
      confirmOthersTitle: 'Keluarkan semua perangkat lain?',
      confirmBody: 'Perangkat itu perlu kode SMS atau kata sandi Anda untuk masuk lagi.',
      keep: 'Batal',
      empty: 'Tidak ada perangkat lain yang masuk.',
    },
  },
});
