import type { HelpFaqItem } from '@kaskita/domain/contract/complaints';

/**
 * The questions and answers Me > Help shows until operations write their own (an app_config row `help_faq`, a JSON
 * list of these items, replaces the whole list). Each answer says only what the app does; figures that change (rates,
 * limits) are left to the pages that compute them.
 */
export const DEFAULT_HELP_FAQ: readonly HelpFaqItem[] = [
  {
    id: 'apply',
    question: {
      'id-ID': 'Bagaimana cara mengajukan pinjaman?',
      'en-US': 'How do I apply for a loan?',
    },
    answer: {
      'id-ID':
        'Lengkapi profil Anda (foto KTP, data diri, pekerjaan, kontak darurat dan rekening bank), konfirmasi nomor WhatsApp, ambil swafoto, lalu kirim pengajuan. Kami memberi tahu hasilnya di aplikasi dan lewat SMS.',
      'en-US':
        'Complete your profile (KTP photo, personal details, work, emergency contacts and bank account), confirm your WhatsApp number, take a selfie, then submit your application. We tell you the decision in the app and by SMS.',
    },
  },
  {
    id: 'rejected',
    question: {
      'id-ID': 'Pengajuan saya ditolak. Kapan saya bisa mengajukan lagi?',
      'en-US': 'My application was rejected. When can I apply again?',
    },
    answer: {
      'id-ID':
        'Halaman hasil pengajuan menunjukkan alasannya dan tanggal Anda dapat mengajukan kembali. Mulai tanggal itu Anda dapat memperbarui profil dan mengirim pengajuan baru.',
      'en-US':
        'The decision page shows why and the date from which you may apply again. From that date you can update your profile and submit a new application.',
    },
  },
  {
    id: 'disbursement',
    question: {
      'id-ID': 'Kapan dana pinjaman masuk ke rekening saya?',
      'en-US': 'When does the loan reach my bank account?',
    },
    answer: {
      'id-ID':
        'Setelah Anda menyetujui perjanjian pinjaman, dana dikirim ke rekening bank utama Anda. Biasanya dalam beberapa menit; beberapa bank memerlukan waktu lebih lama. Statusnya terlihat di Beranda.',
      'en-US':
        'Once you accept the loan agreement, the money is sent to your main bank account, usually within minutes; some banks take longer. You can follow it on the home page.',
    },
  },
  {
    id: 'repay',
    question: { 'id-ID': 'Bagaimana cara membayar tagihan?', 'en-US': 'How do I pay my bill?' },
    answer: {
      'id-ID':
        'Buka Tagihan, pilih Bayar, lalu pilih virtual account bank atau gerai (Alfamart, Indomaret). Anda mendapat kode pembayaran dengan langkah-langkahnya. Pembayaran tercatat otomatis setelah kami menerimanya.',
      'en-US':
        'Open Bill, tap Pay, then choose a bank virtual account or a store (Alfamart, Indomaret). You get a payment code with the steps to follow. The payment is recorded automatically once we receive it.',
    },
  },
  {
    id: 'not-credited',
    question: {
      'id-ID': 'Saya sudah membayar tetapi tagihan belum berubah.',
      'en-US': 'I paid but my bill has not changed.',
    },
    answer: {
      'id-ID':
        'Di halaman Tagihan, pilih "Sudah bayar tapi belum masuk?" dan isi kapan serta berapa Anda membayar, dengan foto bukti bayar bila ada. Anda mendapat nomor kasus dan jawaban dalam 3 hari kerja.',
      'en-US':
        'On the Bill page, choose "Paid but not credited?" and tell us when and how much you paid, with a photo of the receipt if you have one. You get a case number and an answer within 3 working days.',
    },
  },
  {
    id: 'late',
    question: {
      'id-ID': 'Apa yang terjadi jika saya terlambat membayar?',
      'en-US': 'What happens if I pay late?',
    },
    answer: {
      'id-ID':
        'Denda keterlambatan dihitung per hari atas jumlah yang terlambat, dalam batas yang ditetapkan OJK; seluruh bunga, biaya dan denda tidak pernah melebihi pokok pinjaman. Penagihan hanya menghubungi Anda Senin-Sabtu pukul 08.00-20.00 waktu setempat, tidak pada hari libur nasional.',
      'en-US':
        'Late fees are charged per day on the overdue amount, within the limits OJK sets; interest, fees and late fees together never exceed the loan amount. Collection contacts you only Monday to Saturday, 08:00-20:00 your local time, never on national holidays.',
    },
  },
  {
    id: 'data',
    question: {
      'id-ID': 'Bagaimana data pribadi saya dilindungi?',
      'en-US': 'How is my personal data protected?',
    },
    answer: {
      'id-ID':
        'NIK, foto KTP, swafoto dan nomor rekening disimpan terenkripsi. Staf kami hanya melihatnya tersamar, kecuali harus memeriksanya; setiap kali tercatat dan tampil di Saya. Aplikasi hanya meminta akses kamera dan lokasi, tidak pernah daftar kontak Anda.',
      'en-US':
        'Your NIK, KTP photo, selfie and account numbers are stored encrypted. Our staff see them masked unless they must check them; each time is recorded and shown in Me. The app asks only for the camera and location, never your contact list.',
    },
  },
  {
    id: 'complaint',
    question: {
      'id-ID': 'Bagaimana pengaduan saya ditangani?',
      'en-US': 'How is my complaint handled?',
    },
    answer: {
      'id-ID':
        'Setiap pengaduan mendapat nomor kasus dan kami jawab paling lambat 10 hari kerja sejak diterima. Bila perlu waktu lebih lama, kami memberi tahu alasannya dan batas waktu baru (paling lama 10 hari kerja lagi, sekali). Jika Anda tidak puas dengan jawaban kami, Anda dapat menghubungi OJK (Kontak OJK 157) atau LAPS SJK.',
      'en-US':
        'Every complaint gets a case number and an answer within 10 working days of receipt. If we need longer, we tell you why and the new deadline (at most 10 more working days, once). If you are not satisfied with our answer, you can contact OJK (Kontak OJK 157) or LAPS SJK.',
    },
  },
];
