import { defineTexts } from '../../lib/i18n.ts';

/** The texts of the checklist before submitting, the WhatsApp and face checks, the review and its decision. */
export const applicationTexts = defineTexts({
  'en-US': {
    apply: {
      loadFailed: 'We could not load your information. Please check your connection.',
      heading: 'Almost there',
      intro:
        'Your profile is complete. Verify your WhatsApp number and your face, then submit your application.',
      profileDone: 'Profile complete',
      whatsapp: 'Verify your WhatsApp number',
      whatsappDone: 'WhatsApp verified ({{phone}})',
      face: 'Verify your face',
      faceDone: 'Face verified',
      submit: 'Submit application',
      submitHint: 'Submit becomes available once both checks are done.',
      location: {
        title: 'Your location',
        why: 'OJK requires lenders to record where an application is made. We ask your phone for its location once, now, and keep it with this application only.',
        allow: 'Allow location and submit',
        retry: 'Try again',
        denied:
          'Location access is blocked. Open your browser settings for this site, allow Location, then tap Try again.',
        unavailable: 'Your phone could not find its location. Turn on location (GPS), then tap Try again.',
        timeout:
          'Finding your location took too long. Move near a window or turn on location, then tap Try again.',
        unsupported: 'This browser cannot share a location. Please use Chrome or another up-to-date browser.',
      },
    },

    whatsapp: {
      intro: 'Enter the WhatsApp number you use. We send a 6-digit code to it over WhatsApp.',
      code: 'Code from WhatsApp',
      confirm: 'Verify',
      done: 'Your WhatsApp number is verified',
      codeSent: 'The code has been sent to your WhatsApp',
    },

    face: {
      heading: 'Face verification',
      intro:
        'A short check with the front camera: look at it, do what it asks, look back. We compare your face with the photo on your KTP.',
      start: 'Start the camera check',
      cameraStarting: 'Starting the camera…',
      engineLoading: 'Preparing the check (the first time takes a little longer)…',
      lookStraight: 'Look straight at the camera',
      doTurn: 'Now slowly turn your head to one side',
      doBlink: 'Now close both eyes for a moment',
      lookBack: 'Good. Look straight at the camera again',
      hint: {
        no_face: 'We cannot see your face. Hold the phone at arm’s length.',
        several_faces: 'Only you should be in front of the camera.',
        too_small: 'Come a little closer.',
      },
      cannot: {
        camera:
          'We could not open the camera. Allow camera access for this site in your browser settings, or send a selfie instead.',
        engine: 'This phone cannot run the camera check. You can send a selfie instead.',
        timeout: 'We did not see the movement. Please try again in good light, or send a selfie instead.',
        server:
          'The camera check is not available right now. Try again in a moment, or send a selfie instead.',
      },
      tryAgain: 'Try the camera check again',
      fallback: 'Send a selfie instead',
      fallbackNote:
        'Camera check not working? A selfie sent instead is checked by our staff before any loan, which can take up to one working day.',
      tipOne: 'Only your face in the photo, looking at the camera',
      tipLight: 'In good light, not against a bright window',
      tipUncovered: 'No mask, sunglasses or hat',
      take: 'Take a selfie',
      checking: 'Checking your photo…',
      notImage: 'Please choose a photo (an image file).',
      failed: 'We could not check your photo. Please try again.',
      privacy: 'Your selfie is stored encrypted as proof of identity and is never shared.',
      pass: 'Your face is verified',
      continue: 'Continue',
      retry: 'Please try the face check again',
      fail: 'The face does not match your KTP photo',
      again: 'Try again',
      later: 'Back',
      triesLeft_one: '{{count}} try left today',
      triesLeft_other: '{{count}} tries left today',
      reason: {
        no_face: 'We could not see a face. Hold the phone at arm’s length, face the camera.',
        several_faces: 'More than one face is in the photo. Please take it alone.',
        too_small: 'Your face is too far away. Hold the phone closer.',
        too_dark: 'The photo is too dark. Find better light.',
        ktp_no_face:
          'We could not find the face on your KTP photo. Please contact customer service to update your KTP photo.',
        different_person:
          'The selfie must be of the person on the KTP. If it is you, try again in good light.',
        not_live: 'The camera saw a picture rather than a face. Please do the check yourself, live.',
        no_motion: 'We did not see the movement asked for. Please do it clearly when asked.',
        not_facing: 'Please look straight at the camera at the start and at the end.',
        unknown: 'Please try again.',
      },
    },

    auditing: {
      heading: 'Your application is being reviewed',
      seconds_one: '{{count}} second',
      seconds_other: '{{count}} seconds',
      almost: 'Almost done…',
      body: 'You can leave this page: we also send you an SMS with the decision.',
      inReview:
        'A credit analyst is checking your application. You will have the answer within one working day.',
    },

    intoFail: {
      heading: 'Your application was not approved this time',
      reapplyOn: 'You can apply again from {{date}}.',
      canReapply: 'You can apply again now. Check your profile, then submit again.',
      reapply: 'Update my profile and apply again',
      reasons: 'Why',
      feedbackLabel: 'Tell us what you think (optional)',
      feedbackSend: 'Send feedback',
      feedbackThanks: 'Thank you, we read every message',
    },

    submitted: {
      approved: 'Your application is approved',
      body: 'Your application has been sent, so the checks before it are closed. Home shows what you can do now.',
      home: 'Go to home',
    },

    approved: {
      available: 'Available to borrow',
      limit: 'Your limit: {{amount}}',
      borrow: 'Borrow now',
    },
  },
  'id-ID': {
    apply: {
      loadFailed: 'Data Anda tidak dapat dimuat. Silakan periksa koneksi Anda.',
      heading: 'Sedikit lagi',
      intro: 'Profil Anda sudah lengkap. Verifikasi nomor WhatsApp dan wajah Anda, lalu kirim pengajuan.',
      profileDone: 'Profil lengkap',
      whatsapp: 'Verifikasi nomor WhatsApp',
      whatsappDone: 'WhatsApp terverifikasi ({{phone}})',
      face: 'Verifikasi wajah',
      faceDone: 'Wajah terverifikasi',
      submit: 'Kirim pengajuan',
      submitHint: 'Tombol kirim aktif setelah kedua verifikasi selesai.',
      location: {
        title: 'Lokasi Anda',
        why: 'OJK mewajibkan pemberi pinjaman mencatat lokasi pengajuan. Kami meminta lokasi ponsel Anda sekali, sekarang, dan hanya menyimpannya bersama pengajuan ini.',
        allow: 'Izinkan lokasi dan kirim',
        retry: 'Coba lagi',
        denied:
          'Akses lokasi diblokir. Buka pengaturan browser untuk situs ini, izinkan Lokasi, lalu ketuk Coba lagi.',
        unavailable:
          'Ponsel Anda tidak dapat menemukan lokasinya. Nyalakan lokasi (GPS), lalu ketuk Coba lagi.',
        timeout:
          'Mencari lokasi terlalu lama. Pindah ke dekat jendela atau nyalakan lokasi, lalu ketuk Coba lagi.',
        unsupported:
          'Browser ini tidak dapat membagikan lokasi. Silakan gunakan Chrome atau browser terbaru lainnya.',
      },
    },

    whatsapp: {
      intro: 'Masukkan nomor WhatsApp yang Anda gunakan. Kami mengirim kode 6 digit melalui WhatsApp.',
      code: 'Kode dari WhatsApp',
      confirm: 'Verifikasi',
      done: 'Nomor WhatsApp Anda terverifikasi',
      codeSent: 'Kode telah dikirim ke WhatsApp Anda',
    },

    face: {
      heading: 'Verifikasi wajah',
      intro:
        'Pemeriksaan singkat dengan kamera depan: lihat ke kamera, lakukan yang diminta, lalu lihat kembali. Kami mencocokkan wajah Anda dengan foto di KTP.',
      start: 'Mulai pemeriksaan kamera',
      cameraStarting: 'Membuka kamera…',
      engineLoading: 'Menyiapkan pemeriksaan (pertama kali sedikit lebih lama)…',
      lookStraight: 'Lihat lurus ke kamera',
      doTurn: 'Sekarang putar kepala Anda perlahan ke satu sisi',
      doBlink: 'Sekarang pejamkan kedua mata sebentar',
      lookBack: 'Bagus. Lihat lurus ke kamera lagi',
      hint: {
        no_face: 'Wajah Anda tidak terlihat. Pegang ponsel sejauh lengan.',
        several_faces: 'Hanya Anda yang boleh berada di depan kamera.',
        too_small: 'Mendekatlah sedikit.',
      },
      cannot: {
        camera:
          'Kamera tidak dapat dibuka. Izinkan akses kamera untuk situs ini di pengaturan browser, atau kirim selfie saja.',
        engine: 'Ponsel ini tidak dapat menjalankan pemeriksaan kamera. Anda dapat mengirim selfie saja.',
        timeout: 'Gerakan Anda tidak terlihat. Silakan coba lagi di tempat terang, atau kirim selfie saja.',
        server: 'Pemeriksaan kamera sedang tidak tersedia. Coba lagi sebentar lagi, atau kirim selfie saja.',
      },
      tryAgain: 'Ulangi pemeriksaan kamera',
      fallback: 'Kirim selfie saja',
      fallbackNote:
        'Pemeriksaan kamera tidak berjalan? Selfie yang dikirim sebagai gantinya diperiksa petugas kami sebelum pinjaman apa pun, paling lama satu hari kerja.',
      tipOne: 'Hanya wajah Anda di foto, menghadap kamera',
      tipLight: 'Cahaya cukup, tidak membelakangi jendela terang',
      tipUncovered: 'Tanpa masker, kacamata hitam, atau topi',
      take: 'Ambil selfie',
      checking: 'Memeriksa foto Anda…',
      notImage: 'Silakan pilih foto (file gambar).',
      failed: 'Foto Anda belum dapat diperiksa. Silakan coba lagi.',
      privacy: 'Selfie Anda disimpan terenkripsi sebagai bukti identitas dan tidak pernah dibagikan.',
      pass: 'Wajah Anda terverifikasi',
      continue: 'Lanjut',
      retry: 'Silakan ulangi verifikasi wajah',
      fail: 'Wajah tidak cocok dengan foto KTP Anda',
      again: 'Coba lagi',
      later: 'Kembali',
      triesLeft_one: 'Sisa {{count}} kesempatan hari ini',
      triesLeft_other: 'Sisa {{count}} kesempatan hari ini',
      reason: {
        no_face: 'Wajah tidak terlihat. Pegang ponsel sejauh lengan, menghadap kamera.',
        several_faces: 'Ada lebih dari satu wajah di foto. Silakan berfoto sendiri.',
        too_small: 'Wajah Anda terlalu jauh. Dekatkan ponsel.',
        too_dark: 'Foto terlalu gelap. Cari tempat yang lebih terang.',
        ktp_no_face:
          'Wajah di foto KTP Anda tidak ditemukan. Silakan hubungi layanan pelanggan untuk memperbarui foto KTP.',
        different_person:
          'Selfie harus orang yang sama dengan di KTP. Jika itu Anda, coba lagi di tempat terang.',
        not_live: 'Kamera melihat gambar, bukan wajah. Silakan lakukan pemeriksaan sendiri secara langsung.',
        no_motion: 'Gerakan yang diminta tidak terlihat. Lakukan dengan jelas saat diminta.',
        not_facing: 'Silakan lihat lurus ke kamera di awal dan di akhir.',
        unknown: 'Silakan coba lagi.',
      },
    },

    auditing: {
      heading: 'Pengajuan Anda sedang ditinjau',
      seconds_one: '{{count}} detik',
      seconds_other: '{{count}} detik',
      almost: 'Hampir selesai…',
      body: 'Anda boleh meninggalkan halaman ini: kami juga mengirim SMS berisi keputusannya.',
      inReview:
        'Analis kredit kami sedang memeriksa pengajuan Anda. Jawabannya Anda terima dalam satu hari kerja.',
    },

    intoFail: {
      heading: 'Pengajuan Anda belum disetujui kali ini',
      reapplyOn: 'Anda dapat mengajukan kembali mulai {{date}}.',
      canReapply: 'Anda sudah dapat mengajukan kembali. Periksa profil Anda, lalu kirim lagi.',
      reapply: 'Perbarui profil dan ajukan lagi',
      reasons: 'Alasan',
      feedbackLabel: 'Sampaikan pendapat Anda (opsional)',
      feedbackSend: 'Kirim masukan',
      feedbackThanks: 'Terima kasih, kami membaca setiap pesan',
    },

    submitted: {
      approved: 'Pengajuan Anda disetujui',
      body: 'Pengajuan Anda sudah dikirim, sehingga verifikasi sebelumnya sudah ditutup. Beranda menampilkan apa yang dapat Anda lakukan sekarang.',
      home: 'Ke beranda',
    },

    approved: {
      available: 'Dapat dipinjam',
      limit: 'Limit Anda: {{amount}}',
      borrow: 'Pinjam sekarang',
    },
  },
});
