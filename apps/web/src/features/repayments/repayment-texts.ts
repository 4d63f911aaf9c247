import { useCallback } from 'react';
import type { Bilingual } from '@kaskita/domain/i18n/locale';
import { interpolate, useLocale, type TVars } from '../../lib/i18n.ts';

/**
 * The texts of bills, repayment, flexible repayment and the loan and repayment histories, in both languages. Kept here,
 * in the pages' lazy chunks, rather than in lib/locales/en-US.ts, which ships in the entry chunk: the first pages are
 * within a few hundred bytes of their 120 kB gzip budget (bench/bundle-bench.ts), and these texts are never on them.
 * Keys ending in `_one` / `_other` are picked by `count` (Indonesian uses `_other` only).
 */
const TEXTS = {
  loading: { 'en-US': 'Loading…', 'id-ID': 'Memuat…' },
  loadFailed: {
    'en-US': 'We could not load this. Please check your connection.',
    'id-ID': 'Data tidak dapat dimuat. Periksa koneksi Anda.',
  },
  retry: { 'en-US': 'Try again', 'id-ID': 'Coba lagi' },
  toHome: { 'en-US': 'Back to home', 'id-ID': 'Kembali ke beranda' },
  toBills: { 'en-US': 'Back to my bills', 'id-ID': 'Kembali ke tagihan' },

  // Bills (/bill) and the nearest bill
  noLoanTitle: { 'en-US': 'You have no bills', 'id-ID': 'Anda tidak punya tagihan' },
  noLoanBody: {
    'en-US': 'When you borrow, your bills and their due dates appear here.',
    'id-ID': 'Setelah Anda meminjam, tagihan dan tanggal jatuh temponya muncul di sini.',
  },
  allPaidTitle: { 'en-US': 'All bills are paid', 'id-ID': 'Semua tagihan sudah lunas' },
  nearest: { 'en-US': 'Your next bill', 'id-ID': 'Tagihan terdekat' },
  nearestOverdue: { 'en-US': 'Overdue bill', 'id-ID': 'Tagihan terlambat' },
  billNo: { 'en-US': 'Bill {{n}} of {{of}}', 'id-ID': 'Tagihan {{n}} dari {{of}}' },
  dueOn: { 'en-US': 'Due {{date}}', 'id-ID': 'Jatuh tempo {{date}}' },
  dueToday: { 'en-US': 'Due today', 'id-ID': 'Jatuh tempo hari ini' },
  dueIn_one: { 'en-US': 'Due tomorrow', 'id-ID': 'Jatuh tempo besok' },
  dueIn_other: { 'en-US': 'Due in {{count}} days', 'id-ID': 'Jatuh tempo {{count}} hari lagi' },
  daysLate_one: { 'en-US': '1 day late', 'id-ID': 'Terlambat 1 hari' },
  daysLate_other: { 'en-US': '{{count}} days late', 'id-ID': 'Terlambat {{count}} hari' },
  lateFeeNote: {
    'en-US': 'A late fee is added every day until it is paid. Pay today to stop it growing.',
    'id-ID': 'Denda keterlambatan bertambah setiap hari sampai dibayar. Bayar hari ini agar tidak bertambah.',
  },
  pay: { 'en-US': 'Pay', 'id-ID': 'Bayar' },
  payAmount: { 'en-US': 'Pay {{amount}}', 'id-ID': 'Bayar {{amount}}' },
  payDue: {
    'en-US': 'Pay everything due ({{amount}})',
    'id-ID': 'Bayar semua yang jatuh tempo ({{amount}})',
  },
  settle: {
    'en-US': 'Settle the whole loan (save {{amount}})',
    'id-ID': 'Lunasi seluruh pinjaman (hemat {{amount}})',
  },
  settleNoSaving: { 'en-US': 'Settle the whole loan', 'id-ID': 'Lunasi seluruh pinjaman' },
  aboutFlexible: { 'en-US': 'How flexible repayment works', 'id-ID': 'Cara kerja pelunasan fleksibel' },
  upcoming: { 'en-US': 'Upcoming bills', 'id-ID': 'Tagihan berikutnya' },
  paidBills: { 'en-US': 'Paid bills', 'id-ID': 'Tagihan lunas' },
  seeDetail: { 'en-US': 'Details of bill {{n}}', 'id-ID': 'Rincian tagihan {{n}}' },
  statePending: { 'en-US': 'Not due yet', 'id-ID': 'Belum jatuh tempo' },
  stateOverdue: { 'en-US': 'Overdue', 'id-ID': 'Terlambat' },
  statePaid: { 'en-US': 'Paid', 'id-ID': 'Lunas' },
  stateWrittenOff: { 'en-US': 'Written off', 'id-ID': 'Dihapusbukukan' },

  // The bill detail sheet and the bills table
  detailTitle: { 'en-US': 'Bill {{n}}', 'id-ID': 'Tagihan {{n}}' },
  dueDate: { 'en-US': 'Due date', 'id-ID': 'Jatuh tempo' },
  principal: { 'en-US': 'Principal', 'id-ID': 'Pokok' },
  interest: { 'en-US': 'Interest', 'id-ID': 'Bunga' },
  fee: { 'en-US': 'Service fee', 'id-ID': 'Biaya layanan' },
  lateFee: { 'en-US': 'Late fee', 'id-ID': 'Denda keterlambatan' },
  total: { 'en-US': 'Total', 'id-ID': 'Total' },
  paid: { 'en-US': 'Paid', 'id-ID': 'Sudah dibayar' },
  outstanding: { 'en-US': 'Still to pay', 'id-ID': 'Sisa tagihan' },
  status: { 'en-US': 'Status', 'id-ID': 'Status' },
  close: { 'en-US': 'Close', 'id-ID': 'Tutup' },
  no: { 'en-US': 'No.', 'id-ID': 'No.' },
  amount: { 'en-US': 'Amount', 'id-ID': 'Jumlah' },
  tableCaption: {
    'en-US': 'Every bill of your loan. Tap a bill for its details.',
    'id-ID': 'Semua tagihan pinjaman Anda. Ketuk tagihan untuk melihat rinciannya.',
  },
  loanAmount: { 'en-US': 'Loan amount', 'id-ID': 'Jumlah pinjaman' },
  disbursedOn: { 'en-US': 'Paid out on', 'id-ID': 'Dicairkan pada' },
  loanOutstanding: { 'en-US': 'Whole loan still to pay', 'id-ID': 'Sisa seluruh pinjaman' },
  credit: { 'en-US': 'Credit held for you', 'id-ID': 'Saldo kelebihan bayar' },
  creditNote: {
    'en-US': 'Money you paid over is held for you and used first for your next bill.',
    'id-ID': 'Kelebihan pembayaran disimpan untuk Anda dan dipakai lebih dulu untuk tagihan berikutnya.',
  },

  // Home pay-back
  payBackAmount: { 'en-US': 'Amount to pay', 'id-ID': 'Jumlah yang harus dibayar' },
  getCode: { 'en-US': 'Get a repayment code', 'id-ID': 'Dapatkan kode pembayaran' },
  allBills: { 'en-US': 'See all bills', 'id-ID': 'Lihat semua tagihan' },
  loanHistory: { 'en-US': 'Loan history', 'id-ID': 'Riwayat pinjaman' },
  repaymentHistory: { 'en-US': 'Repayment history', 'id-ID': 'Riwayat pembayaran' },
  available: { 'en-US': 'Available to borrow', 'id-ID': 'Limit tersedia' },
  availableNote: {
    'en-US': 'Repaying frees up your limit again.',
    'id-ID': 'Pembayaran akan membuka kembali limit Anda.',
  },
  flexibleBanner: {
    'en-US': 'Pay off early and pay interest only for the days you used.',
    'id-ID': 'Lunasi lebih awal dan bayar bunga hanya untuk hari yang dipakai.',
  },
  reminderTitle: { 'en-US': 'Your bill is due', 'id-ID': 'Tagihan Anda jatuh tempo' },
  reminderOverdue: {
    'en-US': 'Bill {{n}} of {{amount}} is {{late}}. Pay it today to stop the late fee growing.',
    'id-ID': 'Tagihan {{n}} sebesar {{amount}} {{late}}. Bayar hari ini agar denda tidak bertambah.',
  },
  reminderSoon: {
    'en-US': 'Bill {{n}} of {{amount}} is due on {{date}}.',
    'id-ID': 'Tagihan {{n}} sebesar {{amount}} jatuh tempo pada {{date}}.',
  },
  payNow: { 'en-US': 'Pay now', 'id-ID': 'Bayar sekarang' },
  later: { 'en-US': 'Later', 'id-ID': 'Nanti' },

  // Choosing a channel (/home/pay-back-methods)
  forInstalment: { 'en-US': 'Paying bill {{n}}', 'id-ID': 'Membayar tagihan {{n}}' },
  forNext: { 'en-US': 'Paying your next bill', 'id-ID': 'Membayar tagihan berikutnya' },
  forDue: { 'en-US': 'Paying everything due', 'id-ID': 'Membayar semua yang jatuh tempo' },
  forSettlement: { 'en-US': 'Settling the whole loan', 'id-ID': 'Melunasi seluruh pinjaman' },
  chooseChannel: { 'en-US': 'Choose how to pay', 'id-ID': 'Pilih cara pembayaran' },
  groupVa: { 'en-US': 'Virtual account (bank transfer)', 'id-ID': 'Virtual account (transfer bank)' },
  groupStore: { 'en-US': 'Pay at a convenience store', 'id-ID': 'Bayar di minimarket' },
  belowMin: { 'en-US': 'Only for amounts from {{amount}}', 'id-ID': 'Hanya untuk jumlah mulai {{amount}}' },
  aboveMax: { 'en-US': 'Only for amounts up to {{amount}}', 'id-ID': 'Hanya untuk jumlah sampai {{amount}}' },
  creating: { 'en-US': 'Getting your payment code…', 'id-ID': 'Membuat kode pembayaran…' },
  noFees: {
    'en-US': 'KasKita charges nothing for paying. Your bank or the store may charge its own fee.',
    'id-ID':
      'KasKita tidak memungut biaya pembayaran. Bank atau minimarket mungkin mengenakan biayanya sendiri.',
  },
  nothingDue: {
    'en-US': 'Nothing is due yet. You can pay your next bill or settle the whole loan.',
    'id-ID':
      'Belum ada tagihan jatuh tempo. Anda dapat membayar tagihan berikutnya atau melunasi seluruh pinjaman.',
  },
  changedTitle: { 'en-US': 'The amount has changed', 'id-ID': 'Jumlah tagihan berubah' },
  changedBody: {
    'en-US':
      'Today the amount to pay is {{amount}} (the page showed {{was}}). Interest, a late fee or a payment that arrived can change it. Get a code for {{amount}}?',
    'id-ID':
      'Hari ini jumlah yang harus dibayar adalah {{amount}} (halaman menampilkan {{was}}). Bunga, denda atau pembayaran yang masuk dapat mengubahnya. Buat kode untuk {{amount}}?',
  },
  changedConfirm: { 'en-US': 'Pay {{amount}}', 'id-ID': 'Bayar {{amount}}' },
  notNow: { 'en-US': 'Not now', 'id-ID': 'Nanti saja' },

  // The payment code page
  codeFor: { 'en-US': 'Pay with {{name}}', 'id-ID': 'Bayar dengan {{name}}' },
  vaNumber: { 'en-US': 'Virtual account number', 'id-ID': 'Nomor virtual account' },
  storeCode: {
    'en-US': 'Payment code (show it to the cashier)',
    'id-ID': 'Kode pembayaran (tunjukkan ke kasir)',
  },
  billerCode: { 'en-US': 'Biller code', 'id-ID': 'Kode perusahaan (biller code)' },
  billKey: { 'en-US': 'Bill key', 'id-ID': 'Nomor tagihan (bill key)' },
  mandiriNote: {
    'en-US': 'In Mandiri, choose "Bayar" / "Multipayment", enter the biller code, then the bill key.',
    'id-ID': 'Di Mandiri, pilih "Bayar" / "Multipayment", masukkan kode perusahaan, lalu nomor tagihan.',
  },
  exactAmount: { 'en-US': 'Pay exactly', 'id-ID': 'Bayar tepat' },
  exactNote: {
    'en-US': 'Pay this exact amount in one payment, or it cannot be matched to your bill.',
    'id-ID': 'Bayar tepat sejumlah ini dalam satu kali pembayaran agar dapat dicocokkan dengan tagihan Anda.',
  },
  expiresAt: { 'en-US': 'Pay before {{time}}', 'id-ID': 'Bayar sebelum {{time}}' },
  copy: { 'en-US': 'Copy', 'id-ID': 'Salin' },
  copyLabel: { 'en-US': 'Copy {{what}}', 'id-ID': 'Salin {{what}}' },
  copied: { 'en-US': 'Copied', 'id-ID': 'Disalin' },
  copySelected: {
    'en-US': 'Selected: press and hold to copy',
    'id-ID': 'Sudah dipilih: tekan lama untuk menyalin',
  },
  howToPay: { 'en-US': 'How to pay', 'id-ID': 'Cara membayar' },
  waiting: {
    'en-US': 'This page updates by itself when your payment arrives, usually within a minute.',
    'id-ID': 'Halaman ini diperbarui otomatis saat pembayaran Anda masuk, biasanya dalam satu menit.',
  },
  otherChannel: { 'en-US': 'Choose another way to pay', 'id-ID': 'Pilih cara bayar lain' },
  expiredTitle: { 'en-US': 'This code has expired', 'id-ID': 'Kode ini sudah kedaluwarsa' },
  expiredBody: {
    'en-US': 'Do not pay into it. Get a new code: it takes a few seconds.',
    'id-ID': 'Jangan membayar ke kode ini. Buat kode baru: hanya beberapa detik.',
  },
  newCode: { 'en-US': 'Get a new code', 'id-ID': 'Buat kode baru' },

  // Payment received
  paidTitle: { 'en-US': 'Payment received', 'id-ID': 'Pembayaran diterima' },
  paidBody: {
    'en-US': 'Thank you. {{amount}} was paid with {{name}}.',
    'id-ID': 'Terima kasih. {{amount}} telah dibayar melalui {{name}}.',
  },
  receipt: { 'en-US': 'Receipt', 'id-ID': 'Bukti pembayaran' },
  paidAt: { 'en-US': 'Paid on', 'id-ID': 'Dibayar pada' },
  channel: { 'en-US': 'Paid with', 'id-ID': 'Dibayar melalui' },
  billsPaid: { 'en-US': 'Bills paid', 'id-ID': 'Tagihan yang lunas' },
  creditAdded: { 'en-US': 'Paid over (held for you)', 'id-ID': 'Kelebihan bayar (disimpan)' },
  remaining: { 'en-US': 'Still to pay on the loan', 'id-ID': 'Sisa pinjaman' },
  loanPaidOff: { 'en-US': 'Your loan is paid off', 'id-ID': 'Pinjaman Anda sudah lunas' },
  receiptPending: {
    'en-US': 'The receipt is being prepared. You can find it in your repayment history.',
    'id-ID': 'Bukti pembayaran sedang disiapkan. Anda dapat melihatnya di riwayat pembayaran.',
  },

  // Flexible repayment
  flexTitle: { 'en-US': 'Flexible repayment', 'id-ID': 'Pelunasan fleksibel' },
  flexLead: {
    'en-US':
      'Settle your whole loan on any day you choose, and pay interest only for the days you used the money.',
    'id-ID':
      'Lunasi seluruh pinjaman pada hari yang Anda pilih, dan bayar bunga hanya untuk hari Anda memakai uangnya.',
  },
  flexPoint1Title: { 'en-US': 'Any day', 'id-ID': 'Kapan saja' },
  flexPoint1: {
    'en-US': 'Pay off early on any day before your last due date. No need to wait for a bill.',
    'id-ID':
      'Lunasi lebih awal pada hari apa pun sebelum jatuh tempo terakhir. Tidak perlu menunggu tagihan.',
  },
  flexPoint2Title: { 'en-US': 'Only the days you used', 'id-ID': 'Hanya hari yang dipakai' },
  flexPoint2: {
    'en-US':
      'Interest and service fees are counted per day up to the day you settle. The rest is not charged.',
    'id-ID': 'Bunga dan biaya layanan dihitung per hari sampai hari pelunasan. Sisanya tidak ditagih.',
  },
  flexPoint3Title: { 'en-US': 'No penalty', 'id-ID': 'Tanpa penalti' },
  flexPoint3: {
    'en-US': 'Paying early costs nothing extra. Settling frees up your limit for your next loan.',
    'id-ID':
      'Pelunasan awal tidak dikenai biaya tambahan. Limit Anda terbuka kembali untuk pinjaman berikutnya.',
  },
  flexExample: {
    'en-US': 'Choose a day on the next page to see what settling costs that day and what you save.',
    'id-ID':
      'Pilih hari di halaman berikutnya untuk melihat biaya pelunasan pada hari itu dan penghematannya.',
  },
  flexTry: { 'en-US': 'See what I would pay', 'id-ID': 'Lihat jumlah pelunasan saya' },
  flexNoLoan: {
    'en-US': 'You have no loan being repaid, so there is nothing to settle.',
    'id-ID': 'Anda tidak punya pinjaman yang sedang dibayar, jadi tidak ada yang perlu dilunasi.',
  },
  flexDay: { 'en-US': 'Settlement day', 'id-ID': 'Hari pelunasan' },
  flexPickTitle: { 'en-US': 'Choose the day you settle', 'id-ID': 'Pilih hari pelunasan' },
  flexRange: {
    'en-US': 'From today ({{from}}) to your last due date ({{to}}).',
    'id-ID': 'Dari hari ini ({{from}}) sampai jatuh tempo terakhir ({{to}}).',
  },
  flexAmount: { 'en-US': 'To settle on {{date}}', 'id-ID': 'Pelunasan pada {{date}}' },
  flexSaved: { 'en-US': 'You save {{amount}}', 'id-ID': 'Anda hemat {{amount}}' },
  flexSavedDetail: {
    'en-US':
      'Interest {{interest}} and service fees {{fee}} are not charged. Run to the end, the loan would still ask {{scheduled}}.',
    'id-ID':
      'Bunga {{interest}} dan biaya layanan {{fee}} tidak ditagih. Bila berjalan sampai akhir, pinjaman masih menagih {{scheduled}}.',
  },
  flexDaysUsed_one: { 'en-US': '1 day of use', 'id-ID': '1 hari pemakaian' },
  flexDaysUsed_other: { 'en-US': '{{count}} days of use', 'id-ID': '{{count}} hari pemakaian' },
  flexCreditApplied: { 'en-US': 'Credit used', 'id-ID': 'Saldo kelebihan dipakai' },
  flexFuture: {
    'en-US': 'Settling today costs {{amount}}. A later day assumes no other payment before it.',
    'id-ID':
      'Pelunasan hari ini sebesar {{amount}}. Hari lain dihitung dengan anggapan tidak ada pembayaran sebelumnya.',
  },
  settleNow: { 'en-US': 'Settle now ({{amount}})', 'id-ID': 'Lunasi sekarang ({{amount}})' },
  pickerConfirm: { 'en-US': 'Confirm', 'id-ID': 'Pilih' },
  pickerCancel: { 'en-US': 'Cancel', 'id-ID': 'Batal' },

  // Repayment history
  recordsEmpty: { 'en-US': 'You have not made a payment yet.', 'id-ID': 'Anda belum melakukan pembayaran.' },
  recordApplied: { 'en-US': 'Applied to your loan', 'id-ID': 'Sudah dibukukan' },
  recordReview: { 'en-US': 'Received, being checked', 'id-ID': 'Diterima, sedang diperiksa' },
  recordReviewWhy: {
    'en-US':
      'We received this payment and our team is checking it (it came late, did not match a bill, or was more than owed). Nothing is lost: we contact you if anything is needed.',
    'id-ID':
      'Kami telah menerima pembayaran ini dan tim kami sedang memeriksanya (terlambat, tidak cocok dengan tagihan, atau melebihi jumlah terutang). Dana Anda aman: kami menghubungi Anda bila diperlukan.',
  },
  billsList: { 'en-US': 'Bill {{list}}', 'id-ID': 'Tagihan {{list}}' },

  // Paid but not credited? (/bill?claim=1)
  claimLink: { 'en-US': 'Paid but not credited?', 'id-ID': 'Sudah bayar tapi belum masuk?' },
  claimTitle: { 'en-US': 'Report a payment', 'id-ID': 'Laporkan pembayaran' },
  claimLead: {
    'en-US':
      'Paid but your bill does not show it? Most payments arrive within minutes. Tell us how and when you paid and we will check it with the bank and answer within {{days}} working days.',
    'id-ID':
      'Sudah membayar tetapi belum tercatat di tagihan? Sebagian besar pembayaran masuk dalam beberapa menit. Beri tahu kami cara dan waktu Anda membayar; kami periksa ke bank dan menjawab dalam {{days}} hari kerja.',
  },
  claimChannel: { 'en-US': 'Paid with', 'id-ID': 'Dibayar melalui' },
  claimChannelPick: { 'en-US': 'Choose how you paid', 'id-ID': 'Pilih cara Anda membayar' },
  claimDate: { 'en-US': 'Date paid', 'id-ID': 'Tanggal bayar' },
  claimDatePick: { 'en-US': 'Choose the date', 'id-ID': 'Pilih tanggal' },
  claimTime: { 'en-US': 'Time paid (as on your receipt)', 'id-ID': 'Jam bayar (sesuai bukti bayar)' },
  claimAmount: { 'en-US': 'Amount paid (Rp)', 'id-ID': 'Jumlah dibayar (Rp)' },
  claimReference: {
    'en-US': 'Transaction reference (optional)',
    'id-ID': 'Nomor referensi transaksi (opsional)',
  },
  claimReferenceHint: {
    'en-US': 'As printed on the receipt, e.g. the bank’s reference number.',
    'id-ID': 'Seperti tertulis di bukti bayar, mis. nomor referensi bank.',
  },
  claimProof: {
    'en-US': 'Add a photo of the receipt (optional)',
    'id-ID': 'Tambah foto bukti bayar (opsional)',
  },
  claimProofChosen: { 'en-US': 'Photo added: {{name}}', 'id-ID': 'Foto ditambahkan: {{name}}' },
  claimProofRemove: { 'en-US': 'Remove photo', 'id-ID': 'Hapus foto' },
  claimProofNotImage: {
    'en-US': 'Please choose a photo or screenshot (JPG, PNG or WebP).',
    'id-ID': 'Silakan pilih foto atau tangkapan layar (JPG, PNG, atau WebP).',
  },
  claimSend: { 'en-US': 'Send report', 'id-ID': 'Kirim laporan' },
  claimFiledTitle: { 'en-US': 'Report received', 'id-ID': 'Laporan diterima' },
  claimDuplicateTitle: {
    'en-US': 'You already reported this payment',
    'id-ID': 'Pembayaran ini sudah Anda laporkan',
  },
  claimCreditedTitle: { 'en-US': 'This payment is already in', 'id-ID': 'Pembayaran ini sudah masuk' },
  claimCase: { 'en-US': 'Case number', 'id-ID': 'Nomor kasus' },
  claimCaseNote: {
    'en-US': 'Quote this number to customer service. We also sent it to you by SMS.',
    'id-ID': 'Sebutkan nomor ini ke layanan pelanggan. Kami juga mengirimkannya lewat SMS.',
  },
  claimAnother: { 'en-US': 'Report another payment', 'id-ID': 'Laporkan pembayaran lain' },
  claimsTitle: { 'en-US': 'Your payment reports', 'id-ID': 'Laporan pembayaran Anda' },
  claimOpen: { 'en-US': 'Being checked', 'id-ID': 'Sedang diperiksa' },
  claimOpenWhy: {
    'en-US': 'We are checking this payment with the bank. You will have an answer by {{date}}.',
    'id-ID': 'Kami sedang memeriksa pembayaran ini ke bank. Jawaban paling lambat {{date}}.',
  },
  claimMatched: { 'en-US': 'Payment found', 'id-ID': 'Pembayaran ditemukan' },
  claimMatchedWhy: {
    'en-US':
      'We found a payment that matches and our team is adding it to your loan, by {{date}} at the latest.',
    'id-ID':
      'Kami menemukan pembayaran yang cocok dan tim kami sedang membukukannya ke pinjaman Anda, paling lambat {{date}}.',
  },
  claimCredited: { 'en-US': 'Credited', 'id-ID': 'Sudah masuk' },
  claimCreditedWhy: {
    'en-US': 'This payment is on your loan. Its receipt is in your repayment history.',
    'id-ID': 'Pembayaran ini sudah tercatat di pinjaman Anda. Bukti pembayarannya ada di riwayat pembayaran.',
  },
  claimRejected: { 'en-US': 'Not found', 'id-ID': 'Tidak ditemukan' },
  claimRejectedWhy: {
    'en-US':
      'We could not find this payment. Please contact customer service with your case number and your receipt.',
    'id-ID':
      'Kami tidak menemukan pembayaran ini. Silakan hubungi layanan pelanggan dengan nomor kasus dan bukti bayar Anda.',
  },
  claimSeeReceipt: { 'en-US': 'See the receipt', 'id-ID': 'Lihat bukti pembayaran' },

  // Loan history
  historyEmpty: { 'en-US': 'You have no loans yet.', 'id-ID': 'Anda belum punya pinjaman.' },
  groupOverdue: { 'en-US': 'Overdue', 'id-ID': 'Terlambat' },
  groupFailed: { 'en-US': 'Failed', 'id-ID': 'Gagal' },
  groupAwaiting: { 'en-US': 'Awaiting disbursement', 'id-ID': 'Menunggu pencairan' },
  groupAwaitingNote: {
    'en-US': 'Money usually arrives within 1-3 working days.',
    'id-ID': 'Dana biasanya masuk dalam 1-3 hari kerja.',
  },
  groupNotPaid: { 'en-US': 'Not paid off yet', 'id-ID': 'Belum lunas' },
  groupPaidOff: { 'en-US': 'Paid off', 'id-ID': 'Lunas' },
  groupCancelled: { 'en-US': 'Cancelled', 'id-ID': 'Dibatalkan' },
  borrowedOn: { 'en-US': 'Applied {{date}}', 'id-ID': 'Diajukan {{date}}' },
  overdueBills_one: { 'en-US': '1 bill overdue', 'id-ID': '1 tagihan terlambat' },
  overdueBills_other: { 'en-US': '{{count}} bills overdue', 'id-ID': '{{count}} tagihan terlambat' },
  stillToPay: { 'en-US': '{{amount}} to pay', 'id-ID': 'Sisa {{amount}}' },

  // Loan detail, failed, awaiting
  detailNotFound: {
    'en-US': 'This loan was not found in your history.',
    'id-ID': 'Pinjaman ini tidak ditemukan di riwayat Anda.',
  },
  received: { 'en-US': 'Received in your bank', 'id-ID': 'Diterima di rekening' },
  tenor: { 'en-US': 'Loan period', 'id-ID': 'Jangka waktu' },
  appliedOn: { 'en-US': 'Applied on', 'id-ID': 'Diajukan pada' },
  paidOffBody: {
    'en-US': 'This loan is fully repaid. Thank you for paying on time.',
    'id-ID': 'Pinjaman ini sudah dibayar lunas. Terima kasih atas pembayaran Anda.',
  },
  cancelledBody: {
    'en-US': 'This loan was cancelled before the money was sent. Nothing is owed.',
    'id-ID': 'Pinjaman ini dibatalkan sebelum dana dikirim. Tidak ada yang terutang.',
  },
  failedBody: {
    'en-US': 'The bank could not pay this loan into your account. Nothing is owed and nothing was charged.',
    'id-ID':
      'Bank tidak dapat mengirim pinjaman ini ke rekening Anda. Tidak ada yang terutang dan tidak ada biaya.',
  },
  failedFix: {
    'en-US': 'Correct your bank account or try again',
    'id-ID': 'Perbaiki rekening atau coba lagi',
  },
  seeLoan: { 'en-US': 'See this loan', 'id-ID': 'Lihat pinjaman ini' },
  awaitBody: {
    'en-US': 'Your loan is approved and the money is being sent to your bank.',
    'id-ID': 'Pinjaman Anda disetujui dan dana sedang dikirim ke rekening Anda.',
  },
} satisfies Record<string, Bilingual>;

type Key = keyof typeof TEXTS;
type Base<K> = K extends `${infer B}_one` | `${infer B}_other` ? B : K;
/** Keys by their base name: `dueIn` picks `dueIn_one` / `dueIn_other` by `count`. */
export type RepaymentTextKey = Base<Key>;
export type RepaymentT = (key: RepaymentTextKey, vars?: TVars) => string;

const pluralRules = new Map<string, Intl.PluralRules>();
function plural(locale: string, count: number): 'one' | 'other' {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count) === 'one' ? 'one' : 'other';
}

/** The repayment texts in the current language ({{name}} interpolated); re-renders on a language switch. */
export function useRepaymentTexts(): RepaymentT {
  const locale = useLocale();
  return useCallback(
    (key, vars) => {
      const texts = TEXTS as Record<string, Bilingual>;
      const counted =
        vars && typeof vars.count === 'number' ? texts[`${key}_${plural(locale, vars.count)}`] : undefined;
      const text = counted ?? texts[`${key}_other`] ?? texts[key];
      return interpolate(text?.[locale] ?? key, vars);
    },
    [locale],
  );
}
