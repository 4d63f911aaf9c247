import { defineTexts } from '../../lib/i18n.ts';

/** The texts of the bank accounts (/me/bank-card), adding and replacing one, and the bank account fields. */
export const bankCardsTexts = defineTexts({
  'en-US': {
    bankCard: {
      loadFailed: 'We could not load this. Please check your connection.',
      retry: 'Try again',
      add: 'Add bank account',
      maxWhy: 'You keep {{max}} accounts, the most allowed. Remove or replace one to use another.',
      replace: 'Replace',
      intro:
        'Add an account in your own name, as on your KTP. We check it with the bank and confirm it with a code sent to your phone.',
      becomesDefault: 'The new account becomes the one your loans are paid into.',
      replaces: 'It replaces {{account}}.',
      code: 'SMS code',
      codeHint: 'We send the code by SMS to the phone number you registered with.',
      codeSentTo: 'The code was sent by SMS to {{phone}}.',
      submit: 'Add account',
      submitReplace: 'Replace account',
      checking: 'Checking the account with the bank…',
      added: 'Account added. Loans are now paid into it.',
      // The list of cards (/me/bank-card)
      default: 'Default',
      inUse: 'Receiving a loan',
      makeDefault: 'Make default',
      madeDefault: 'Loans are now paid into {{bank}}',
      remove: 'Remove',
      removeTitle: 'Remove this account?',
      removeBody: '{{account}} will no longer be used for your loans.',
      removed: 'The account was removed',
      inUseWhy: 'A loan is being sent to this account, so it cannot be removed now.',
      onlyWhy: 'This is your only account, so it cannot be removed.',
      empty: 'You have not added a bank account yet.',
      note: 'Loans are paid into your default account. Every account must be in your own name.',
      // The bank, account number and holder fields
      fields: {
        bank: 'Bank',
        bankSearch: 'Search for a bank',
        bankEmpty: 'No bank matches',
        cardNum: 'Account number',
        cardNumPlaceholder: '9-16 digits',
        walletPhone: 'Phone number registered with {{name}}',
        holder: "Account holder's name",
        choose: 'Please select',
      },
    },
  },
  'id-ID': {
    bankCard: {
      loadFailed: 'Data gagal dimuat. Silakan periksa koneksi Anda.',
      retry: 'Coba lagi',
      add: 'Tambah rekening bank',
      maxWhy:
        'Anda menyimpan {{max}} rekening, jumlah terbanyak yang diizinkan. Hapus atau ganti salah satunya untuk memakai rekening lain.',
      replace: 'Ganti',
      intro:
        'Tambahkan rekening atas nama Anda sendiri, sesuai KTP. Kami memeriksanya ke bank dan mengonfirmasinya dengan kode yang dikirim ke HP Anda.',
      becomesDefault: 'Rekening baru ini menjadi rekening tujuan pencairan pinjaman Anda.',
      replaces: 'Rekening ini menggantikan {{account}}.',
      code: 'Kode SMS',
      codeHint: 'Kami mengirim kode lewat SMS ke nomor HP yang Anda daftarkan.',
      codeSentTo: 'Kode telah dikirim lewat SMS ke {{phone}}.',
      submit: 'Tambah rekening',
      submitReplace: 'Ganti rekening',
      checking: 'Memeriksa rekening ke bank…',
      added: 'Rekening ditambahkan. Pinjaman kini dikirim ke rekening ini.',
      // The list of cards (/me/bank-card)
      default: 'Utama',
      inUse: 'Sedang menerima pinjaman',
      makeDefault: 'Jadikan utama',
      madeDefault: 'Pinjaman kini dikirim ke {{bank}}',
      remove: 'Hapus',
      removeTitle: 'Hapus rekening ini?',
      removeBody: '{{account}} tidak akan digunakan lagi untuk pinjaman Anda.',
      removed: 'Rekening telah dihapus',
      inUseWhy: 'Pinjaman sedang dikirim ke rekening ini, sehingga belum dapat dihapus.',
      onlyWhy: 'Ini satu-satunya rekening Anda, sehingga tidak dapat dihapus.',
      empty: 'Anda belum menambahkan rekening bank.',
      note: 'Pinjaman dikirim ke rekening utama Anda. Setiap rekening harus atas nama Anda sendiri.',
      // The bank, account number and holder fields
      fields: {
        bank: 'Bank',
        bankSearch: 'Cari bank',
        bankEmpty: 'Tidak ada bank yang cocok',
        cardNum: 'Nomor rekening',
        cardNumPlaceholder: '9-16 digit',
        walletPhone: 'Nomor HP yang terdaftar di {{name}}',
        holder: 'Nama pemilik rekening',
        choose: 'Silakan pilih',
      },
    },
  },
});
