import type { LegalTexts } from './legal-document.ts';

/** The privacy policy (UU PDP 27/2022). Indonesian is the governing text; English is its translation. */
export const privacyPolicy: LegalTexts = {
  'id-ID': {
    title: 'Kebijakan Privasi',
    intro:
      'Versi {{version}}. Kebijakan ini menjelaskan data pribadi apa yang kami kumpulkan, untuk apa, berapa lama kami menyimpannya, dan hak Anda berdasarkan Undang-Undang Nomor 27 Tahun 2022 tentang Pelindungan Data Pribadi (UU PDP). Teks berbahasa Indonesia ini adalah teks yang berlaku.',
    sections: [
      {
        heading: '1. Siapa kami',
        blocks: [
          '{{company}} ("KasKita", "kami") adalah penyelenggara Layanan Pendanaan Bersama Berbasis Teknologi Informasi (LPBBTI) yang berizin dan diawasi oleh Otoritas Jasa Keuangan (OJK) dengan nomor izin {{registration}}, beralamat di {{address}}.',
          'Untuk data pribadi yang Anda berikan melalui aplikasi dan situs KasKita, kami adalah Pengendali Data Pribadi.',
        ],
      },
      {
        heading: '2. Data yang kami kumpulkan',
        blocks: [
          {
            list: [
              'Data identitas: nama lengkap, Nomor Induk Kependudukan (NIK), tempat dan tanggal lahir, jenis kelamin, status perkawinan, agama, nama ibu kandung, foto KTP dan alamat.',
              'Data kontak: nomor HP, nomor WhatsApp dan alamat email.',
              'Data biometrik (data pribadi spesifik): foto wajah untuk verifikasi bahwa pemohon adalah pemilik KTP.',
              'Data keuangan (data pribadi spesifik): rekening bank, penghasilan, pekerjaan, tempat kerja, pinjaman lain, riwayat pinjaman dan pembayaran di KasKita, serta hasil pemeriksaan di pusat data fintech lending (Pusdafil) dan Sistem Layanan Informasi Keuangan (SLIK) OJK.',
              'Kontak darurat: nama, hubungan dan nomor HP yang Anda ketik sendiri.',
              'Data perangkat dan penggunaan: ID perangkat, sistem operasi, alamat IP, lokasi saat Anda mengajukan pinjaman (dengan izin Anda), dan catatan penggunaan aplikasi.',
            ],
          },
          'Sesuai ketentuan OJK, aplikasi hanya meminta akses ke kamera, lokasi dan mikrofon. Kami tidak mengakses daftar kontak, galeri foto, SMS, atau riwayat panggilan di perangkat Anda.',
        ],
      },
      {
        heading: '3. Untuk apa data digunakan, dan dasar hukumnya',
        blocks: [
          {
            list: [
              'Memverifikasi identitas Anda dan mencegah penipuan serta pencucian uang (kewajiban hukum: prinsip mengenal nasabah, APU-PPT).',
              'Menilai kelayakan dan kemampuan bayar Anda, termasuk dengan penilaian otomatis (pelaksanaan perjanjian dan persetujuan Anda).',
              'Mencairkan pinjaman, menerima pembayaran, mengirim pengingat jatuh tempo dan menagih sesuai ketentuan OJK (pelaksanaan perjanjian).',
              'Melaporkan pinjaman ke Pusdafil dan SLIK serta memenuhi permintaan otoritas yang berwenang (kewajiban hukum).',
              'Menjawab pertanyaan dan pengaduan Anda, dan memperbaiki layanan kami (kepentingan yang sah).',
              'Mengirim penawaran, hanya jika Anda menyetujuinya; Anda dapat berhenti kapan saja.',
            ],
          },
          'Kontak darurat hanya digunakan untuk mengonfirmasi keberadaan Anda bila Anda tidak dapat dihubungi, tidak pernah untuk menagih atau memberi tahu utang Anda kepada mereka.',
        ],
      },
      {
        heading: '4. Kepada siapa data dibagikan',
        blocks: [
          'Kami tidak menjual data pribadi Anda. Kami hanya membagikan data yang diperlukan kepada:',
          {
            list: [
              'Pemberi dana yang mendanai pinjaman Anda;',
              'bank, penyedia rekening virtual dan gerai pembayaran yang memproses pencairan dan pembayaran;',
              'penyedia verifikasi identitas dan wajah yang terhubung dengan data kependudukan (Dukcapil);',
              'Pusdafil, SLIK OJK dan biro kredit berizin;',
              'penyedia SMS dan pesan, serta pihak penagihan yang terdaftar dan terikat kode etik AFPI;',
              'otoritas dan aparat penegak hukum, bila diwajibkan oleh peraturan perundang-undangan.',
            ],
          },
          'Setiap penerima terikat perjanjian untuk menjaga kerahasiaan dan menggunakan data hanya untuk tujuan di atas. Data disimpan dan diproses di pusat data di Indonesia.',
        ],
      },
      {
        heading: '5. Berapa lama data disimpan',
        blocks: [
          'Data disimpan selama akun Anda aktif atau pinjaman Anda berjalan, dan setelah itu paling lama 5 (lima) tahun sejak hubungan usaha berakhir, sebagaimana diwajibkan peraturan mengenai penyimpanan dokumen dan APU-PPT. Data pengajuan yang tidak disetujui disimpan paling lama 1 (satu) tahun untuk pencegahan penipuan. Setelah masa simpan berakhir, data dimusnahkan atau dianonimkan.',
          'Saat Anda menghapus akun, data yang tidak wajib kami simpan langsung dihapus. Jika Anda belum pernah mengajukan pinjaman, tidak ada yang disimpan. Sebelum Anda menghapus akun, menu Saya > Data saya menyebutkan data apa yang tetap disimpan, alasannya dan sampai kapan; sebuah proses harian memusnahkannya saat masa simpannya berakhir.',
        ],
      },
      {
        heading: '6. Keamanan',
        blocks: [
          'Data dienkripsi saat dikirim dan disimpan, akses karyawan dibatasi sesuai tugas dan dicatat, dan sistem kami diuji secara berkala. Jika terjadi kegagalan pelindungan data pribadi, kami memberi tahu Anda dan lembaga yang berwenang secara tertulis paling lambat 3 x 24 jam.',
        ],
      },
      {
        heading: '7. Hak Anda berdasarkan UU PDP',
        blocks: [
          {
            list: [
              'Mendapatkan informasi tentang identitas kami, tujuan dan dasar pemrosesan data Anda.',
              'Mengakses dan memperoleh salinan data pribadi Anda.',
              'Melengkapi, memperbarui dan memperbaiki data yang tidak akurat.',
              'Mengakhiri pemrosesan, menghapus dan memusnahkan data Anda.',
              'Menarik kembali persetujuan; kami menghentikan pemrosesan paling lambat 3 x 24 jam sejak permintaan diterima.',
              'Mengajukan keberatan atas keputusan yang hanya didasarkan pada pemrosesan otomatis, termasuk profil, dan meminta penilaian ulang oleh petugas kami.',
              'Menunda atau membatasi pemrosesan secara proporsional dengan tujuannya.',
              'Mendapatkan dan menggunakan data Anda dalam format yang umum dan dapat dibaca sistem elektronik.',
              'Menggugat dan menerima ganti rugi atas pelanggaran pemrosesan data pribadi Anda.',
            ],
          },
          'Penarikan persetujuan atau penghapusan data tidak menghapus kewajiban melunasi pinjaman yang berjalan, dan tidak berlaku untuk data yang wajib kami simpan menurut hukum selama masa simpannya.',
        ],
      },
      {
        heading: '8. Cara menggunakan hak Anda',
        blocks: [
          'Di aplikasi, menu Saya > Data saya: unduh salinan semua data Anda (JSON yang dapat dibaca sistem dan PDF yang mudah dibaca; foto KTP dan foto wajah atas permintaan), lihat setiap persetujuan dengan versi dan tanggalnya dan tarik persetujuan yang dapat ditarik (pemrosesan yang memerlukannya langsung berhenti), ajukan koreksi data KTP yang terkunci setelah pengajuan, lihat kapan dan oleh peran apa staf kami melihat data Anda, dan hapus akun Anda bila tidak ada pinjaman yang harus dibayar.',
          'Untuk permintaan lain, kirim dari nomor HP yang terdaftar melalui menu Saya > Bantuan, atau email ke Pejabat Pelindungan Data Pribadi di {{dpoEmail}}. Kami dapat meminta verifikasi identitas sebelum menjalankan permintaan, dan menanggapi paling lambat 3 x 24 jam. Permintaan tidak dikenakan biaya.',
        ],
      },
      {
        heading: '9. Pejabat Pelindungan Data Pribadi',
        blocks: [
          'Pejabat Pelindungan Data Pribadi {{company}}: email {{dpoEmail}}, surat ke {{address}} (u.p. Pejabat Pelindungan Data Pribadi).',
        ],
      },
      {
        heading: '10. Perubahan kebijakan',
        blocks: [
          'Setiap perubahan diberi versi baru dengan tanggal berlakunya. Perubahan yang memengaruhi hak Anda kami beritahukan sebelum berlaku, dan kami meminta persetujuan Anda kembali saat Anda masuk berikutnya. Versi yang Anda setujui dicatat bersama persetujuan Anda.',
        ],
      },
      {
        heading: '11. Pengaduan',
        blocks: [
          'Pengaduan dapat disampaikan melalui aplikasi (Saya > Bantuan), email {{complaintEmail}} atau layanan pelanggan {{supportPhone}}. Jika Anda tidak puas dengan tanggapan kami, Anda dapat menghubungi Kontak OJK 157 atau kontak157@ojk.go.id.',
        ],
      },
    ],
  },
  'en-US': {
    title: 'Privacy Policy',
    intro:
      'Version {{version}}. This policy explains what personal data we collect, why, how long we keep it, and your rights under Law No. 27 of 2022 on Personal Data Protection (UU PDP). This English text is a translation; the Indonesian text prevails.',
    sections: [
      {
        heading: '1. Who we are',
        blocks: [
          '{{company}} ("KasKita", "we") operates an information technology-based joint funding service (LPBBTI) licensed and supervised by the Financial Services Authority (OJK) under licence number {{registration}}, at {{address}}.',
          'For the personal data you give through the KasKita app and website, we are the Personal Data Controller.',
        ],
      },
      {
        heading: '2. The data we collect',
        blocks: [
          {
            list: [
              "Identity data: full name, national identity number (NIK), place and date of birth, gender, marital status, religion, mother's maiden name, KTP photo and address.",
              'Contact data: mobile number, WhatsApp number and email address.',
              'Biometric data (specific personal data): a photo of your face, to confirm that the applicant is the KTP holder.',
              "Financial data (specific personal data): bank account, income, job, employer, other loans, your loan and repayment history with KasKita, and the results of checks with the fintech lending data centre (Pusdafil) and OJK's Financial Information Service System (SLIK).",
              'Emergency contacts: the names, relationships and mobile numbers you type in yourself.',
              'Device and usage data: device ID, operating system, IP address, your location when you apply (with your permission), and records of how the app is used.',
            ],
          },
          'As OJK requires, the app asks only for access to the camera, location and microphone. We do not access the contact list, photo gallery, SMS or call history on your device.',
        ],
      },
      {
        heading: '3. What the data is used for, and on what legal basis',
        blocks: [
          {
            list: [
              'Verifying your identity and preventing fraud and money laundering (legal obligation: know-your-customer and AML-CFT rules).',
              'Assessing your eligibility and ability to repay, including by automated assessment (performance of the agreement and your consent).',
              'Disbursing loans, receiving repayments, sending due-date reminders and collecting as OJK rules allow (performance of the agreement).',
              'Reporting loans to Pusdafil and SLIK and answering requests from competent authorities (legal obligation).',
              'Answering your questions and complaints, and improving our service (legitimate interest).',
              'Sending offers, only if you agree; you can stop them at any time.',
            ],
          },
          'Emergency contacts are used only to confirm your whereabouts when you cannot be reached, never to collect from them or to tell them about your debt.',
        ],
      },
      {
        heading: '4. Who the data is shared with',
        blocks: [
          'We do not sell your personal data. We share only what is needed with:',
          {
            list: [
              'the lenders who fund your loan;',
              'banks, virtual account providers and payment outlets that process disbursements and repayments;',
              'identity and face verification providers connected to the population register (Dukcapil);',
              'Pusdafil, OJK SLIK and licensed credit bureaus;',
              'SMS and messaging providers, and registered collection agencies bound by the AFPI code of conduct;',
              'authorities and law enforcement, when the law requires it.',
            ],
          },
          'Each recipient is bound by contract to keep the data confidential and use it only for these purposes. Data is stored and processed in data centres in Indonesia.',
        ],
      },
      {
        heading: '5. How long data is kept',
        blocks: [
          'Data is kept while your account is active or your loan is running, and then for at most 5 (five) years after the business relationship ends, as the rules on record keeping and AML-CFT require. Data of applications that were not approved is kept for at most 1 (one) year for fraud prevention. When the retention period ends, the data is destroyed or anonymised.',
          'When you delete your account, data we are not required to keep is erased at once. If you never applied for a loan, nothing is kept. Before you delete your account, Me > My data lists what is kept, why and until when; a daily process destroys it when its retention period ends.',
        ],
      },
      {
        heading: '6. Security',
        blocks: [
          'Data is encrypted in transit and at rest, staff access is limited to what each task needs and is logged, and our systems are tested regularly. If a personal data protection failure occurs, we notify you and the competent authority in writing within 3 x 24 hours.',
        ],
      },
      {
        heading: '7. Your rights under UU PDP',
        blocks: [
          {
            list: [
              'To be told who we are and the purpose and legal basis of processing your data.',
              'To access and obtain a copy of your personal data.',
              'To complete, update and correct inaccurate data.',
              'To end processing, and to have your data erased and destroyed.',
              'To withdraw consent; we stop processing within 3 x 24 hours of receiving the request.',
              'To object to a decision based solely on automated processing, including profiling, and to ask for a review by our staff.',
              'To suspend or restrict processing in proportion to its purpose.',
              'To obtain and use your data in a common format readable by electronic systems.',
              'To sue and receive compensation for a violation in the processing of your personal data.',
            ],
          },
          'Withdrawing consent or erasing data does not cancel the duty to repay a running loan, and does not apply to data the law requires us to keep during its retention period.',
        ],
      },
      {
        heading: '8. How to use your rights',
        blocks: [
          'In the app, Me > My data: download a copy of all your data (machine-readable JSON and a readable PDF; your KTP photo and selfie on request), see every consent with its version and date and withdraw those that can be withdrawn (the processing that needs them stops at once), ask for a correction of KTP data locked after you applied, see when and by which role our staff looked at your data, and delete your account when no loan is owed.',
          'For other requests, send them from your registered mobile number through Me > Help, or email the Data Protection Officer at {{dpoEmail}}. We may ask you to verify your identity before acting on a request, and we answer within 3 x 24 hours. Requests are free of charge.',
        ],
      },
      {
        heading: '9. Data Protection Officer',
        blocks: [
          'Data Protection Officer of {{company}}: email {{dpoEmail}}, post to {{address}} (attn. Data Protection Officer).',
        ],
      },
      {
        heading: '10. Changes to this policy',
        blocks: [
          'Each change gets a new version with the date it takes effect. We tell you about changes that affect your rights before they apply, and ask for your consent again at your next login. The version you accepted is recorded with your consent.',
        ],
      },
      {
        heading: '11. Complaints',
        blocks: [
          'Complaints can be made in the app (Me > Help), by email to {{complaintEmail}} or by calling customer service on {{supportPhone}}. If you are not satisfied with our answer, you can contact OJK on 157 or kontak157@ojk.go.id.',
        ],
      },
    ],
  },
};
