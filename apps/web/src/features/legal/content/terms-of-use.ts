import type { LegalTexts } from './legal-document.ts';

/** The terms of use. Indonesian is the governing text; English is its translation. */
export const termsOfUse: LegalTexts = {
  'id-ID': {
    title: 'Syarat dan Ketentuan Penggunaan',
    intro:
      'Versi {{version}}. Syarat ini mengatur penggunaan aplikasi dan situs KasKita. Dengan mencentang persetujuan saat masuk, Anda menyetujui versi ini. Setiap pinjaman juga diatur oleh perjanjian pendanaan yang Anda tanda tangani secara elektronik sebelum pencairan. Teks berbahasa Indonesia ini adalah teks yang berlaku.',
    sections: [
      {
        heading: '1. Para pihak',
        blocks: [
          'Layanan ini diselenggarakan oleh {{company}} ("Penyelenggara"), beralamat di {{address}}, berizin dan diawasi oleh Otoritas Jasa Keuangan (OJK) dengan nomor izin {{registration}}. Penyelenggara mempertemukan Anda sebagai Penerima Dana dengan Pemberi Dana; pinjaman adalah perjanjian perdata antara Anda dan Pemberi Dana.',
        ],
      },
      {
        heading: '2. Siapa yang dapat menggunakan layanan',
        blocks: [
          'Warga Negara Indonesia berusia 21 sampai 60 tahun yang memiliki KTP dan rekening bank atas nama sendiri. Satu NIK hanya dapat memiliki satu akun. Sesuai ketentuan OJK, Anda tidak boleh memiliki pinjaman pada lebih dari 3 (tiga) penyelenggara sekaligus.',
        ],
      },
      {
        heading: '3. Akun dan keamanan',
        blocks: [
          'Anda masuk dengan nomor HP dan kode SMS atau kata sandi. Jaga kerahasiaannya: KasKita tidak pernah meminta kode SMS, kata sandi atau PIN Anda melalui telepon, WhatsApp atau media sosial. Segera hubungi kami bila Anda menduga akun Anda digunakan orang lain.',
        ],
      },
      {
        heading: '4. Pengajuan dan persetujuan',
        blocks: [
          'Data yang Anda isi harus benar, lengkap dan milik Anda sendiri. Kami menilai pengajuan berdasarkan data tersebut dan hasil pemeriksaan di Pusdafil dan SLIK, dan dapat menolak pengajuan tanpa menyebutkan alasannya. Sebelum Anda menyetujui pinjaman, kami menampilkan ringkasan informasi produk: jumlah pinjaman, jumlah yang diterima, tenor, setiap cicilan dan tanggal jatuh temponya, bunga, biaya, denda, dan total yang harus dibayar.',
        ],
      },
      {
        heading: '5. Bunga, biaya dan denda',
        blocks: [
          'Bunga dan biaya (manfaat ekonomi) serta denda keterlambatan tidak melebihi batas maksimum yang ditetapkan OJK dan berlaku pada tanggal perjanjian. Jumlah seluruh manfaat ekonomi dan denda keterlambatan tidak melebihi 100% dari pokok pinjaman. Tidak ada biaya yang dipungut di luar yang tercantum dalam perjanjian.',
        ],
      },
      {
        heading: '6. Pencairan dan pembayaran',
        blocks: [
          'Dana dicairkan hanya ke rekening bank atas nama Anda. Pembayaran dilakukan hanya melalui rekening virtual atau kode pembayaran gerai yang ditampilkan di aplikasi. Jangan pernah membayar ke rekening pribadi siapa pun, termasuk yang mengaku sebagai petugas KasKita. Anda dapat melunasi lebih awal kapan saja; bunga dihitung sampai tanggal pelunasan.',
        ],
      },
      {
        heading: '7. Keterlambatan dan penagihan',
        blocks: [
          'Kami mengirim pemberitahuan sebelum jatuh tempo. Bila terlambat, penagihan hanya dilakukan hari Senin sampai Sabtu, di luar hari libur nasional, pukul 08.00-20.00 waktu setempat Anda, oleh petugas yang bersertifikat. Penagihan tidak boleh menggunakan ancaman, kekerasan, tindakan yang mempermalukan, atau tekanan fisik maupun verbal, dan tidak dilakukan kepada kontak darurat Anda.',
        ],
      },
      {
        heading: '8. Larangan',
        blocks: [
          'Anda dilarang memberikan data palsu atau milik orang lain, menggunakan akun orang lain, atau menggunakan layanan untuk tindak pidana. Pelanggaran dapat mengakibatkan penolakan pengajuan, penutupan akun dan pelaporan kepada pihak berwenang.',
        ],
      },
      {
        heading: '9. Risiko',
        blocks: [
          'Pinjaman adalah kewajiban yang harus Anda bayar. Pinjamlah sesuai kebutuhan dan kemampuan bayar Anda. Baca peringatan risiko OJK yang ditampilkan di halaman utama sebelum mengajukan.',
        ],
      },
      {
        heading: '10. Data pribadi',
        blocks: [
          'Pemrosesan data pribadi Anda diatur dalam Kebijakan Privasi KasKita, yang merupakan bagian dari syarat ini.',
        ],
      },
      {
        heading: '11. Pengaduan',
        blocks: [
          'Sampaikan pengaduan melalui aplikasi (Saya > Bantuan), email {{complaintEmail}} atau layanan pelanggan {{supportPhone}}. Kami mengonfirmasi penerimaan pengaduan dan menanggapinya paling lama 10 (sepuluh) hari kerja. Jika Anda tidak puas, Anda dapat menghubungi Kontak OJK 157, kontak157@ojk.go.id, atau menempuh penyelesaian melalui Lembaga Alternatif Penyelesaian Sengketa Sektor Jasa Keuangan (LAPS SJK).',
        ],
      },
      {
        heading: '12. Hukum yang berlaku dan perubahan',
        blocks: [
          'Syarat ini tunduk pada hukum Republik Indonesia. Setiap perubahan diberi versi baru dengan tanggal berlakunya dan diberitahukan sebelum berlaku; Anda diminta menyetujuinya kembali saat masuk berikutnya.',
        ],
      },
    ],
  },
  'en-US': {
    title: 'Terms of Use',
    intro:
      'Version {{version}}. These terms govern the use of the KasKita app and website. By ticking the consent box at login you accept this version. Each loan is also governed by the funding agreement you sign electronically before disbursement. This English text is a translation; the Indonesian text prevails.',
    sections: [
      {
        heading: '1. The parties',
        blocks: [
          'This service is operated by {{company}} (the "Operator"), at {{address}}, licensed and supervised by the Financial Services Authority (OJK) under licence number {{registration}}. The Operator brings you, as the Recipient of Funds, together with Lenders; a loan is a civil agreement between you and the Lender.',
        ],
      },
      {
        heading: '2. Who can use the service',
        blocks: [
          'Indonesian citizens aged 21 to 60 with a KTP and a bank account in their own name. One NIK can hold only one account. As OJK requires, you may not hold loans on more than 3 (three) platforms at once.',
        ],
      },
      {
        heading: '3. Account and security',
        blocks: [
          'You log in with your mobile number and an SMS code or a password. Keep them secret: KasKita never asks for your SMS code, password or PIN by phone, WhatsApp or social media. Contact us at once if you think someone else is using your account.',
        ],
      },
      {
        heading: '4. Applications and approval',
        blocks: [
          'The data you enter must be true, complete and your own. We assess applications on that data and on checks with Pusdafil and SLIK, and may decline an application without giving reasons. Before you accept a loan we show a summary of the product: the amount, the amount you receive, the tenor, each instalment and its due date, interest, fees, late fees and the total to repay.',
        ],
      },
      {
        heading: '5. Interest, fees and late fees',
        blocks: [
          'Interest and fees (the economic benefit) and late fees never exceed the maximums OJK sets and that apply on the date of the agreement. Economic benefit and late fees together never exceed 100% of the principal. No fee is charged beyond those stated in the agreement.',
        ],
      },
      {
        heading: '6. Disbursement and repayment',
        blocks: [
          "Funds are disbursed only to a bank account in your name. Repay only through the virtual account or store payment code shown in the app. Never pay into anyone's personal account, including someone claiming to be KasKita staff. You may repay early at any time; interest runs until the day you repay.",
        ],
      },
      {
        heading: '7. Late payment and collection',
        blocks: [
          'We notify you before the due date. If you are late, collection happens only Monday to Saturday, not on national holidays, between 08:00 and 20:00 in your local time, by certified staff. Collection may not use threats, violence, humiliation or physical or verbal pressure, and is never directed at your emergency contacts.',
        ],
      },
      {
        heading: '8. What is not allowed',
        blocks: [
          "You may not give false data or someone else's data, use someone else's account, or use the service for a crime. A breach may lead to a declined application, a closed account and a report to the authorities.",
        ],
      },
      {
        heading: '9. Risk',
        blocks: [
          'A loan is a debt you must repay. Borrow only what you need and can repay. Read the OJK risk warning on the home page before you apply.',
        ],
      },
      {
        heading: '10. Personal data',
        blocks: [
          'How your personal data is processed is set out in the KasKita Privacy Policy, which is part of these terms.',
        ],
      },
      {
        heading: '11. Complaints',
        blocks: [
          'Make a complaint in the app (Me > Help), by email to {{complaintEmail}} or by calling customer service on {{supportPhone}}. We confirm that we have received it and answer within 10 (ten) working days. If you are not satisfied, you can contact OJK on 157 or kontak157@ojk.go.id, or seek a settlement through the Financial Services Sector Alternative Dispute Resolution Institution (LAPS SJK).',
        ],
      },
      {
        heading: '12. Governing law and changes',
        blocks: [
          'These terms are governed by the law of the Republic of Indonesia. Each change gets a new version with the date it takes effect and is announced before it applies; you will be asked to accept it again at your next login.',
        ],
      },
    ],
  },
};
