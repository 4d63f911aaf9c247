import type { Bilingual, Locale } from './locale.ts';

/**
 * Every `code` the API answers, with its HTTP status and message in both languages.
 * 200, 4047, 4056 and 4263 come from the product spec; the rest are ours and stable:
 * the web app may branch on them, so never renumber one.
 */
export const ERRORS = {
  OK: { code: 200, http: 200, msg: { 'en-US': 'OK', 'id-ID': 'OK' } },
  VALIDATION: {
    code: 4000,
    http: 400,
    msg: {
      'en-US': 'Please check the information you entered',
      'id-ID': 'Mohon periksa kembali data yang Anda masukkan',
    },
  },
  BAD_PHONE: {
    code: 4001,
    http: 400,
    msg: {
      'en-US': 'Please enter a valid mobile number (10-14 digits, starting with 08 or +62)',
      'id-ID': 'Masukkan nomor HP yang valid (10-14 digit, diawali 08 atau +62)',
    },
  },
  MALFORMED_BODY: {
    code: 4002,
    http: 400,
    msg: { 'en-US': 'The request could not be read', 'id-ID': 'Permintaan tidak dapat dibaca' },
  },
  SMS_CODE_WRONG: {
    code: 4010,
    http: 400,
    msg: { 'en-US': 'The verification code is incorrect', 'id-ID': 'Kode verifikasi salah' },
  },
  SMS_CODE_EXPIRED: {
    code: 4011,
    http: 400,
    msg: {
      'en-US': 'The verification code has expired, please request a new one',
      'id-ID': 'Kode verifikasi sudah kedaluwarsa, silakan minta kode baru',
    },
  },
  SMS_CODE_LOCKED: {
    code: 4012,
    http: 400,
    msg: {
      'en-US': 'Too many wrong codes. Please request a new code',
      'id-ID': 'Terlalu banyak kode salah. Silakan minta kode baru',
    },
  },
  SMS_COOLDOWN: {
    code: 4013,
    http: 429,
    msg: {
      'en-US': 'Please wait a moment before requesting another code',
      'id-ID': 'Mohon tunggu sebentar sebelum meminta kode lagi',
    },
  },
  LOGIN_FAILED: {
    code: 4014,
    http: 400,
    // Also the answer for a number without a password (no enumeration of registered phones), hence the hint.
    msg: {
      'en-US':
        'Wrong phone number or password. If you signed up with an SMS code, log in with a code and set a password in Me',
      'id-ID':
        'Nomor HP atau kata sandi salah. Jika Anda mendaftar dengan kode SMS, masuk dengan kode lalu buat kata sandi di menu Saya',
    },
  },
  PASSWORD_RULE: {
    code: 4016,
    http: 400,
    msg: {
      'en-US': 'Password must be 6-20 letters or digits',
      'id-ID': 'Kata sandi harus 6-20 huruf atau angka',
    },
  },
  PASSWORD_MISMATCH: {
    code: 4017,
    http: 400,
    msg: { 'en-US': 'The passwords do not match', 'id-ID': 'Kata sandi tidak cocok' },
  },
  OLD_PASSWORD_WRONG: {
    code: 4018,
    http: 400,
    msg: { 'en-US': 'The current password is incorrect', 'id-ID': 'Kata sandi saat ini salah' },
  },
  CAPTCHA_WRONG: {
    code: 4021,
    http: 400,
    msg: {
      'en-US': 'The image code is incorrect or expired, please try again',
      'id-ID': 'Kode gambar salah atau kedaluwarsa, silakan coba lagi',
    },
  },
  CAPTCHA_REQUIRED: {
    code: 4022,
    http: 400,
    msg: {
      'en-US': 'Please enter the image code to continue',
      'id-ID': 'Silakan masukkan kode gambar untuk melanjutkan',
    },
  },
  RATE_LIMITED: {
    code: 4029,
    http: 429,
    msg: {
      'en-US': 'Too many requests, please try again later',
      'id-ID': 'Terlalu banyak permintaan, coba lagi nanti',
    },
  },
  /** A provider callback whose token, signature or timestamp does not verify (server-to-server, never the web). */
  CALLBACK_REJECTED: {
    code: 4031,
    http: 401,
    msg: { 'en-US': 'The callback could not be verified', 'id-ID': 'Callback tidak dapat diverifikasi' },
  },
  FORBIDDEN: {
    code: 4033,
    http: 403,
    msg: {
      'en-US': 'You are not allowed to do this',
      'id-ID': 'Anda tidak berwenang melakukan tindakan ini',
    },
  },
  CROSS_SITE: {
    code: 4032,
    http: 403,
    msg: {
      'en-US': 'This request was refused. Please open KasKita directly',
      'id-ID': 'Permintaan ini ditolak. Silakan buka KasKita secara langsung',
    },
  },
  NOT_FOUND: {
    code: 4040,
    http: 404,
    msg: { 'en-US': 'Not found', 'id-ID': 'Tidak ditemukan' },
  },
  SESSION_LOST: {
    code: 4047,
    http: 401,
    msg: {
      'en-US': 'Your session has ended, please log in again',
      'id-ID': 'Sesi Anda telah berakhir, silakan masuk kembali',
    },
  },
  SMS_DAILY_LIMIT: {
    code: 4056,
    http: 429,
    msg: {
      'en-US': 'This number has reached the SMS limit for today. Please try again tomorrow',
      'id-ID': 'Nomor ini telah mencapai batas SMS hari ini. Silakan coba lagi besok',
    },
  },
  CONFLICT: {
    code: 4090,
    http: 409,
    msg: {
      'en-US': 'This request conflicts with the current state',
      'id-ID': 'Permintaan bertentangan dengan status saat ini',
    },
  },
  PAYLOAD_TOO_LARGE: {
    code: 4130,
    http: 413,
    msg: { 'en-US': 'The upload is too large', 'id-ID': 'Berkas terlalu besar' },
  },
  /** An uploaded photo (KTP, selfie) over UPLOAD_LIMIT_BYTES, judged after upload (4130 is the transport's limit). */
  IMAGE_TOO_LARGE: {
    code: 4131,
    http: 413,
    msg: {
      'en-US': 'The photo is too large. Please upload a smaller photo',
      'id-ID': 'Foto terlalu besar. Silakan unggah foto yang lebih kecil',
    },
  },
  HEADERS_TOO_LARGE: {
    code: 4140,
    http: 431,
    msg: {
      'en-US': 'The request could not be read, please try again',
      'id-ID': 'Permintaan tidak dapat dibaca, silakan coba lagi',
    },
  },
  REQUEST_TIMEOUT: {
    code: 4080,
    http: 408,
    msg: {
      'en-US': 'The request took too long, please try again',
      'id-ID': 'Permintaan terlalu lama, silakan coba lagi',
    },
  },
  UNSUPPORTED_MEDIA: {
    code: 4150,
    http: 415,
    msg: { 'en-US': 'This type of content is not accepted', 'id-ID': 'Jenis konten ini tidak diterima' },
  },
  /** The upload's content is not a JPEG, PNG or WebP image (whatever its name or declared type says). */
  NOT_AN_IMAGE: {
    code: 4151,
    http: 415,
    msg: {
      'en-US': 'Please upload a photo in JPG, PNG or WebP format',
      'id-ID': 'Silakan unggah foto dalam format JPG, PNG, atau WebP',
    },
  },
  /** The declared type or file extension says one image format and the content is another (a renamed file). */
  IMAGE_TYPE_MISMATCH: {
    code: 4152,
    http: 415,
    msg: {
      'en-US': 'The file type does not match its content. Please upload the original photo',
      'id-ID': 'Jenis berkas tidak sesuai dengan isinya. Silakan unggah foto aslinya',
    },
  },
  /** Too few pixels to read, or so many that decoding would exhaust memory (a decompression bomb). */
  IMAGE_DIMENSIONS: {
    code: 4153,
    http: 415,
    msg: {
      'en-US': 'The photo size in pixels is not supported. Please take a new photo',
      'id-ID': 'Ukuran piksel foto tidak didukung. Silakan ambil foto baru',
    },
  },
  KTP_REGISTERED: {
    code: 4263,
    http: 409,
    msg: {
      'en-US':
        'This KTP number is already registered and cannot be registered again. Please contact customer service',
      'id-ID':
        'Nomor KTP ini sudah terdaftar dan tidak dapat didaftarkan lagi. Silakan hubungi layanan pelanggan',
    },
  },
  KTP_PHOTO_REQUIRED: {
    code: 4260,
    http: 409,
    msg: {
      'en-US': 'Please upload a photo of your KTP first',
      'id-ID': 'Silakan unggah foto KTP Anda terlebih dahulu',
    },
  },
  KTP_SUBMITTED: {
    code: 4261,
    http: 409,
    msg: {
      'en-US':
        'Your KTP data has been submitted and cannot be changed. If it is wrong, please contact customer service',
      'id-ID':
        'Data KTP Anda sudah dikirim dan tidak dapat diubah. Jika ada yang salah, silakan hubungi layanan pelanggan',
    },
  },
  PROFILE_LOCKED: {
    code: 4262,
    http: 409,
    msg: {
      'en-US': 'Your application has been submitted, so your profile can no longer be changed',
      'id-ID': 'Pengajuan Anda sudah dikirim, sehingga profil tidak dapat diubah lagi',
    },
  },
  PROFILE_STEP_MISSING: {
    code: 4264,
    http: 409,
    msg: {
      'en-US': 'Please complete the earlier steps first',
      'id-ID': 'Silakan lengkapi langkah sebelumnya terlebih dahulu',
    },
  },
  BANK_NAME_MISMATCH: {
    code: 4270,
    http: 422,
    msg: {
      'en-US':
        "The account holder's name at the bank does not match the name on your KTP. Please use an account in your own name",
      'id-ID':
        'Nama pemilik rekening di bank tidak sesuai dengan nama di KTP Anda. Silakan gunakan rekening atas nama Anda sendiri',
    },
  },
  BANK_ACCOUNT_NOT_FOUND: {
    code: 4271,
    http: 422,
    msg: {
      'en-US':
        'The bank says this account does not exist or is closed. Please check the bank and the account number',
      'id-ID':
        'Bank menyatakan rekening ini tidak ada atau sudah ditutup. Silakan periksa bank dan nomor rekening',
    },
  },
  BANK_CHECK_UNAVAILABLE: {
    code: 4272,
    http: 503,
    msg: {
      'en-US': 'We cannot reach the bank right now. Nothing was saved; please try again in a few minutes',
      'id-ID':
        'Bank sedang tidak dapat dihubungi. Belum ada yang tersimpan; silakan coba lagi beberapa menit lagi',
    },
  },
  PROFILE_INCOMPLETE: {
    code: 4280,
    http: 409,
    msg: {
      'en-US': 'Please complete every step of your profile before submitting',
      'id-ID': 'Silakan lengkapi semua langkah profil Anda sebelum mengirim pengajuan',
    },
  },
  WHATSAPP_REQUIRED: {
    code: 4281,
    http: 409,
    msg: {
      'en-US': 'Please verify your WhatsApp number before submitting',
      'id-ID': 'Silakan verifikasi nomor WhatsApp Anda sebelum mengirim pengajuan',
    },
  },
  FACE_REQUIRED: {
    code: 4282,
    http: 409,
    msg: {
      'en-US': 'Please complete the face verification before submitting',
      'id-ID': 'Silakan selesaikan verifikasi wajah sebelum mengirim pengajuan',
    },
  },
  LOCATION_REQUIRED: {
    code: 4283,
    http: 400,
    msg: {
      'en-US': 'We need your location to submit the application. Please allow location access and try again',
      'id-ID': 'Kami memerlukan lokasi Anda untuk mengirim pengajuan. Izinkan akses lokasi lalu coba lagi',
    },
  },
  REAPPLY_LATER: {
    code: 4284,
    http: 409,
    msg: {
      'en-US': 'You can apply again from the date shown',
      'id-ID': 'Anda dapat mengajukan kembali mulai tanggal yang tertera',
    },
  },
  ALREADY_APPROVED: {
    code: 4285,
    http: 409,
    msg: {
      'en-US': 'Your application is already approved',
      'id-ID': 'Pengajuan Anda sudah disetujui',
    },
  },
  FACE_DAILY_LIMIT: {
    code: 4286,
    http: 429,
    msg: {
      'en-US': 'You have used all face checks for today. Please try again tomorrow',
      'id-ID': 'Kesempatan verifikasi wajah hari ini sudah habis. Silakan coba lagi besok',
    },
  },
  FACE_CHECK_UNAVAILABLE: {
    code: 4287,
    http: 503,
    msg: {
      'en-US': 'Face verification is busy right now. This try was not counted; please try again in a moment',
      'id-ID': 'Verifikasi wajah sedang sibuk. Percobaan ini tidak dihitung; silakan coba lagi sebentar lagi',
    },
  },
  LIVENESS_CHALLENGE_EXPIRED: {
    code: 4288,
    http: 409,
    msg: {
      'en-US': 'The camera check has expired or was already used. Please start it again',
      'id-ID': 'Pemeriksaan kamera sudah kedaluwarsa atau sudah dipakai. Silakan mulai lagi',
    },
  },
  NOT_APPROVED: {
    code: 4290,
    http: 409,
    msg: {
      'en-US': 'Your application must be approved before you can borrow',
      'id-ID': 'Pengajuan Anda harus disetujui sebelum dapat meminjam',
    },
  },
  LOAN_OPEN: {
    code: 4291,
    http: 409,
    msg: {
      'en-US': 'You already have a loan in progress. Repay it before borrowing again',
      'id-ID': 'Anda masih memiliki pinjaman berjalan. Lunasi terlebih dahulu sebelum meminjam lagi',
    },
  },
  PRODUCT_NOT_FOUND: {
    code: 4292,
    http: 404,
    msg: {
      'en-US': 'This loan product is not available',
      'id-ID': 'Produk pinjaman ini tidak tersedia',
    },
  },
  AMOUNT_NOT_OFFERED: {
    code: 4293,
    http: 400,
    msg: {
      'en-US': 'Please choose an amount within the range shown, in the steps shown',
      'id-ID': 'Pilih jumlah dalam rentang dan kelipatan yang ditampilkan',
    },
  },
  TENOR_NOT_OFFERED: {
    code: 4294,
    http: 400,
    msg: {
      'en-US': 'This loan period is not offered for this product',
      'id-ID': 'Jangka waktu ini tidak tersedia untuk produk ini',
    },
  },
  OVER_LIMIT: {
    code: 4295,
    http: 400,
    msg: {
      'en-US': 'The amount is more than your available limit',
      'id-ID': 'Jumlah melebihi limit yang tersedia',
    },
  },
  PLAN_OVER_CAP: {
    code: 4296,
    http: 409,
    msg: {
      'en-US': 'This loan cannot be offered today: its cost would exceed the limits set by OJK',
      'id-ID': 'Pinjaman ini tidak dapat ditawarkan hari ini: biayanya melebihi batas yang ditetapkan OJK',
    },
  },
  AGREEMENT_OUTDATED: {
    code: 4297,
    http: 409,
    msg: {
      'en-US': 'The loan agreement has been updated. Please read the new version and accept it again',
      'id-ID': 'Perjanjian pinjaman telah diperbarui. Silakan baca versi terbaru dan setujui kembali',
    },
  },
  BANK_ACCOUNT_REQUIRED: {
    code: 4298,
    http: 409,
    msg: {
      'en-US': 'Please add the bank account the loan will be sent to',
      'id-ID': 'Silakan tambahkan rekening bank tujuan pencairan',
    },
  },
  NO_FAILED_DISBURSEMENT: {
    code: 4299,
    http: 409,
    msg: {
      'en-US': 'There is no failed disbursement to send again',
      'id-ID': 'Tidak ada pencairan gagal yang perlu dikirim ulang',
    },
  },
  PLAN_UNAFFORDABLE: {
    code: 4300,
    http: 400,
    msg: {
      'en-US':
        'The monthly repayment would be more than 30% of your income. Please choose a smaller amount or a longer period',
      'id-ID':
        'Cicilan bulanan akan melebihi 30% penghasilan Anda. Silakan pilih jumlah lebih kecil atau jangka waktu lebih panjang',
    },
  },
  CANNOT_CANCEL: {
    code: 4301,
    http: 409,
    msg: {
      'en-US': 'The money is already on its way to your bank, so the loan can no longer be cancelled',
      'id-ID':
        'Dana sudah dalam proses pengiriman ke bank Anda, sehingga pinjaman tidak dapat dibatalkan lagi',
    },
  },
  CARD_IN_USE: {
    code: 4302,
    http: 409,
    msg: {
      'en-US':
        'This account cannot be removed now: it is receiving a disbursement or it is your only account',
      'id-ID':
        'Rekening ini tidak dapat dihapus sekarang: sedang menerima pencairan atau merupakan satu-satunya rekening Anda',
    },
  },
  CARD_ALREADY_SAVED: {
    code: 4303,
    http: 409,
    msg: {
      'en-US': 'This account is already saved in your bank cards',
      'id-ID': 'Rekening ini sudah tersimpan di daftar rekening Anda',
    },
  },
  TOO_MANY_CARDS: {
    code: 4304,
    http: 409,
    msg: {
      'en-US': 'You can keep at most 5 bank accounts. Remove one you no longer use first',
      'id-ID': 'Anda dapat menyimpan paling banyak 5 rekening. Hapus dulu rekening yang tidak lagi digunakan',
    },
  },
  /**
   * An agreement accepted before signed copies were kept, whose rendering today differs from what was accepted (a
   * setting or the profile changed since): it is not shown as the signed copy.
   */
  AGREEMENT_COPY_UNAVAILABLE: {
    code: 4305,
    http: 409,
    msg: {
      'en-US':
        'The signed copy of this agreement cannot be produced here. Contact customer service and we will send it to you',
      'id-ID':
        'Salinan bertanda tangan perjanjian ini tidak dapat dibuat di sini. Hubungi layanan pelanggan dan kami akan mengirimkannya',
    },
  },
  /** Reminders on WhatsApp asked for before a WhatsApp number was confirmed. */
  WHATSAPP_NOT_VERIFIED: {
    code: 4306,
    http: 409,
    msg: {
      'en-US': 'Confirm your WhatsApp number first, then choose WhatsApp for reminders',
      'id-ID': 'Konfirmasi nomor WhatsApp Anda dulu, lalu pilih WhatsApp untuk pengingat',
    },
  },
  NO_REPAYING_LOAN: {
    code: 4310,
    http: 409,
    msg: {
      'en-US': 'You have no loan to repay right now',
      'id-ID': 'Anda tidak memiliki pinjaman yang perlu dibayar saat ini',
    },
  },
  CHANNEL_UNKNOWN: {
    code: 4311,
    http: 400,
    msg: {
      'en-US': 'Please choose a payment method from the list',
      'id-ID': 'Silakan pilih metode pembayaran dari daftar',
    },
  },
  REPAY_AMOUNT_CHANGED: {
    code: 4312,
    http: 409,
    msg: {
      'en-US': 'The amount to pay has changed. Please check the new amount and try again',
      'id-ID': 'Jumlah yang harus dibayar telah berubah. Silakan periksa jumlah baru dan coba lagi',
    },
  },
  CHANNEL_AMOUNT_LIMIT: {
    code: 4313,
    http: 409,
    msg: {
      'en-US': 'This payment method cannot take this amount. Please choose another method',
      'id-ID': 'Metode pembayaran ini tidak dapat menerima jumlah tersebut. Silakan pilih metode lain',
    },
  },
  NOTHING_DUE: {
    code: 4314,
    http: 409,
    msg: {
      'en-US': 'Nothing is due yet. You can pay your next bill or settle the whole loan',
      'id-ID':
        'Belum ada tagihan jatuh tempo. Anda dapat membayar tagihan berikutnya atau melunasi seluruh pinjaman',
    },
  },
  PAYMENT_GATEWAY_UNAVAILABLE: {
    code: 4315,
    http: 503,
    msg: {
      'en-US': 'We cannot create a payment code right now. Please try again in a few minutes',
      'id-ID': 'Kode pembayaran belum dapat dibuat saat ini. Silakan coba lagi beberapa menit lagi',
    },
  },
  PAYMENT_CLAIM_LIMIT: {
    code: 4316,
    http: 429,
    msg: {
      'en-US': 'You can report at most 5 payments a day. Please wait for our answer',
      'id-ID': 'Anda dapat melaporkan paling banyak 5 pembayaran sehari. Mohon tunggu jawaban kami',
    },
  },
  /** A back-office call with a staff session whose second factor has not been checked yet. */
  STAFF_SECOND_FACTOR_REQUIRED: {
    code: 4320,
    http: 401,
    msg: {
      'en-US': 'Enter the code from your authenticator app first',
      'id-ID': 'Masukkan kode dari aplikasi autentikator Anda terlebih dahulu',
    },
  },
  STAFF_CODE_WRONG: {
    code: 4321,
    http: 400,
    msg: { 'en-US': 'The code is incorrect', 'id-ID': 'Kode salah' },
  },
  STAFF_EMAIL_TAKEN: {
    code: 4322,
    http: 409,
    msg: {
      'en-US': 'A staff member with this e-mail already exists',
      'id-ID': 'Staf dengan e-mail ini sudah ada',
    },
  },
  STAFF_TOTP_ENROLLED: {
    code: 4323,
    http: 409,
    msg: {
      'en-US': 'An authenticator app is already set up for this account',
      'id-ID': 'Aplikasi autentikator sudah terpasang untuk akun ini',
    },
  },
  STAFF_TOTP_NOT_ENROLLED: {
    code: 4324,
    http: 409,
    msg: {
      'en-US': 'Set up an authenticator app first',
      'id-ID': 'Pasang aplikasi autentikator terlebih dahulu',
    },
  },
  /** A member signed in with the one-time password an administrator gave: POST /admin/password first. */
  STAFF_PASSWORD_CHANGE_REQUIRED: {
    code: 4325,
    http: 403,
    msg: {
      'en-US': 'Choose your own password first',
      'id-ID': 'Buat kata sandi Anda sendiri terlebih dahulu',
    },
  },
  /** An administrator's one-time password older than ONE_TIME_PASSWORD_HOURS: an administrator resets it again. */
  STAFF_ONE_TIME_PASSWORD_EXPIRED: {
    code: 4326,
    http: 401,
    msg: {
      'en-US': 'This one-time password has expired. Ask an administrator to reset your sign-in',
      'id-ID':
        'Kata sandi sekali pakai ini sudah kedaluwarsa. Minta administrator mengatur ulang akses masuk Anda',
    },
  },
  // review queue and borrowers (h/review): 4340-4349
  /** A borrower blocked by the lender's staff: sign-in and borrowing are refused; the support pages stay open. */
  ACCOUNT_BLOCKED: {
    code: 4340,
    http: 403,
    msg: {
      'en-US':
        'Your account has been blocked. Please contact KasKita customer service to find out why and what to do',
      'id-ID':
        'Akun Anda diblokir. Silakan hubungi layanan pelanggan KasKita untuk mengetahui alasan dan langkah selanjutnya',
    },
  },
  /** A reviewer's decision on an application that no longer waits for one (decided meanwhile, or never queued). */
  APPLICATION_NOT_IN_REVIEW: {
    code: 4341,
    http: 409,
    msg: {
      'en-US': 'This application is no longer waiting for a review',
      'id-ID': 'Pengajuan ini tidak lagi menunggu peninjauan',
    },
  },
  /** A reveal of a field the borrower has not given (no KTP photo, no selfie yet). */
  NOTHING_TO_REVEAL: {
    code: 4342,
    http: 404,
    msg: {
      'en-US': 'The borrower has not given this yet',
      'id-ID': 'Peminjam belum memberikan data ini',
    },
  },
  /** Returning a payment whose code named nobody: there is no borrower whose account it could go back to. */
  PAYMENT_PAYER_UNKNOWN: {
    code: 4343,
    http: 409,
    msg: {
      'en-US':
        'Nobody is known to have made this payment, so it cannot be returned. Find the payer first (a payment claim names them)',
      'id-ID':
        'Pembayar tidak diketahui, jadi pembayaran ini tidak dapat dikembalikan. Temukan pembayarnya dulu (klaim pembayaran menyebutkannya)',
    },
  },
  /** Returning a payment to a borrower without a verified bank account. */
  PAYMENT_RETURN_NO_ACCOUNT: {
    code: 4344,
    http: 409,
    msg: {
      'en-US': 'The borrower has no verified bank account to return the payment to',
      'id-ID': 'Peminjam belum memiliki rekening bank terverifikasi untuk menerima pengembalian',
    },
  },
  /** Maker-checker: nobody approves or rejects their own request (contract/admin-approvals.ts). */
  STAFF_OWN_REQUEST: {
    code: 4350,
    http: 403,
    msg: {
      'en-US': 'Another staff member must decide your own request',
      'id-ID': 'Permintaan Anda sendiri harus diputuskan oleh staf lain',
    },
  },
  APPROVAL_NOT_PENDING: {
    code: 4351,
    http: 409,
    msg: {
      'en-US': 'This request has already been decided or withdrawn',
      'id-ID': 'Permintaan ini sudah diputuskan atau ditarik',
    },
  },
  APPROVAL_PENDING_EXISTS: {
    code: 4352,
    http: 409,
    msg: {
      'en-US': 'A request for this change is already waiting for approval',
      'id-ID': 'Permintaan untuk perubahan ini sudah menunggu persetujuan',
    },
  },
  // products and caps (h/products): 4380-4389
  /** A product version that breaks a cap row on its start day or a later one: data.cap_violations names each. */
  PRODUCT_OVER_CAP: {
    code: 4380,
    http: 422,
    msg: {
      'en-US': 'This product breaks a regulatory cap; see which rule and from which day',
      'id-ID': 'Produk ini melanggar batas regulasi; lihat aturan dan tanggal berlakunya',
    },
  },
  /** A version must start today or later, and after the start of the product's latest version. */
  PRODUCT_START_INVALID: {
    code: 4381,
    http: 409,
    msg: {
      'en-US': 'A new version must start today or later, and after the latest version of this product starts',
      'id-ID': 'Versi baru harus mulai hari ini atau sesudahnya, dan setelah versi terakhir produk ini mulai',
    },
  },
  // collections (h/collections): 4360-4369
  /** A collection contact outside 08:00-20:00 borrower-local time, on a Sunday or a holiday, or past the day's limit. */
  CONTACT_NOT_ALLOWED: {
    code: 4360,
    http: 409,
    msg: {
      'en-US':
        'The borrower may not be contacted now (only Monday to Saturday, 08:00-20:00 their local time, not on holidays, and a few times a day). See when contact is next allowed',
      'id-ID':
        'Peminjam tidak boleh dihubungi sekarang (hanya Senin sampai Sabtu, pukul 08.00-20.00 waktu setempat, bukan hari libur, dan beberapa kali sehari). Lihat kapan boleh dihubungi berikutnya',
    },
  },
  /** The loan is under dispute (the borrower contests it or a payment): no collection contact until it is answered. */
  LOAN_UNDER_DISPUTE: {
    code: 4362,
    http: 409,
    msg: {
      'en-US':
        'The borrower contests this loan or a payment: no collection contact until their case is answered',
      'id-ID':
        'Peminjam sedang menyanggah pinjaman atau pembayaran ini: tidak ada penagihan sampai laporannya dijawab',
    },
  },
  /** A promise-to-pay dated before today, or too far ahead. */
  PROMISE_DATE_INVALID: {
    code: 4361,
    http: 422,
    msg: {
      'en-US': 'A promise-to-pay date must be from today and within 30 days',
      'id-ID': 'Tanggal janji bayar harus mulai hari ini dan paling lambat 30 hari lagi',
    },
  },
  // messages, feedback, complaints and disbursements (h/care): 4370-4379
  DISBURSEMENT_NOT_RETRYABLE: {
    code: 4370,
    http: 409,
    msg: {
      'en-US':
        'This disbursement cannot be tried again now: it is being sent, with the bank, or already paid',
      'id-ID':
        'Pencairan ini tidak dapat dicoba lagi sekarang: sedang dikirim, diproses bank, atau sudah dibayar',
    },
  },
  DISBURSEMENT_NOT_CANCELLABLE: {
    code: 4371,
    http: 409,
    msg: {
      'en-US': 'This loan cannot be cancelled: its money is on its way or already paid',
      'id-ID': 'Pinjaman ini tidak dapat dibatalkan: dananya sedang dikirim atau sudah dibayar',
    },
  },
  FEEDBACK_CLOSED: {
    code: 4372,
    http: 409,
    msg: {
      'en-US': 'This feedback or complaint is already closed',
      'id-ID': 'Masukan atau pengaduan ini sudah ditutup',
    },
  },
  // complaints and help (h/care, issue 27): 4390-4399
  /** More than COMPLAINTS_PER_DAY complaints from one borrower in 24 hours (complaints/complaint-rules.ts). */
  COMPLAINT_LIMIT: {
    code: 4390,
    http: 429,
    msg: {
      'en-US':
        'You can file at most 3 complaints a day. We will answer the ones you sent; you can add to them by phone or e-mail',
      'id-ID':
        'Anda dapat mengajukan paling banyak 3 pengaduan sehari. Kami akan menjawab yang sudah Anda kirim; tambahan dapat disampaikan lewat telepon atau e-mail',
    },
  },
  /** A staff action that does not fit the case now: started twice, answered once closed, closed unanswered. */
  COMPLAINT_NOT_ALLOWED: {
    code: 4391,
    http: 409,
    msg: {
      'en-US': 'This complaint cannot be changed that way now: see its status',
      'id-ID': 'Pengaduan ini tidak dapat diubah seperti itu sekarang: lihat statusnya',
    },
  },
  /** POJK 22/2023 allows one extension of a complaint's deadline. */
  COMPLAINT_ALREADY_EXTENDED: {
    code: 4392,
    http: 409,
    msg: {
      'en-US': 'The deadline of this complaint has already been extended once; it cannot be extended again',
      'id-ID': 'Batas waktu pengaduan ini sudah diperpanjang sekali dan tidak dapat diperpanjang lagi',
    },
  },
  /** The borrower must be told of an extension before the first deadline passes. */
  COMPLAINT_EXTENSION_TOO_LATE: {
    code: 4393,
    http: 409,
    msg: {
      'en-US':
        'The deadline has passed: an extension had to be announced before it. Answer the complaint now',
      'id-ID':
        'Batas waktu sudah lewat: perpanjangan harus diberitahukan sebelumnya. Jawab pengaduan ini sekarang',
    },
  },
  // personal-data rights, Me > My data (h/rights): 4400-4409
  /** Deleting an account while a loan is owed or something is in progress: data.blockers names each. */
  ACCOUNT_DELETION_BLOCKED: {
    code: 4400,
    http: 409,
    msg: {
      'en-US':
        'Your account cannot be deleted yet: a loan is still owed or something is still in progress. See what is left to finish',
      'id-ID':
        'Akun Anda belum dapat dihapus: masih ada pinjaman yang harus dibayar atau proses yang berjalan. Lihat apa yang perlu diselesaikan',
    },
  },
  /** A correction request for a field the borrower can still edit on their profile. */
  CORRECTION_NOT_NEEDED: {
    code: 4401,
    http: 409,
    msg: {
      'en-US': 'You can still change this yourself on your profile',
      'id-ID': 'Anda masih dapat mengubahnya sendiri di profil Anda',
    },
  },
  CORRECTION_ALREADY_OPEN: {
    code: 4402,
    http: 409,
    msg: {
      'en-US': 'A correction of this field is already waiting for our answer',
      'id-ID': 'Koreksi untuk data ini sudah menunggu jawaban kami',
    },
  },
  /** Before the KTP step (nothing to correct), or the value asked for is the one held. */
  CORRECTION_NOTHING_TO_CORRECT: {
    code: 4403,
    http: 409,
    msg: {
      'en-US': 'There is nothing to correct: this is the value we hold, or it was never given',
      'id-ID':
        'Tidak ada yang perlu dikoreksi: ini data yang kami simpan, atau data ini belum pernah diberikan',
    },
  },
  /** Staff deciding a correction request already decided. */
  CORRECTION_NOT_OPEN: {
    code: 4404,
    http: 409,
    msg: {
      'en-US': 'This correction request has already been decided',
      'id-ID': 'Permintaan koreksi ini sudah diputuskan',
    },
  },
  CONSENT_NOT_IN_FORCE: {
    code: 4405,
    http: 409,
    msg: {
      'en-US': 'This consent is not in force: it was never given or is already withdrawn',
      'id-ID': 'Persetujuan ini tidak berlaku: belum pernah diberikan atau sudah ditarik',
    },
  },
  /** Withdrawing the privacy consent while an application waits for its credit decision. */
  CONSENT_APPLICATION_PENDING: {
    code: 4406,
    http: 409,
    msg: {
      'en-US': 'Your application is being decided. You can withdraw this consent once the decision is made',
      'id-ID':
        'Pengajuan Anda sedang diputuskan. Anda dapat menarik persetujuan ini setelah keputusan keluar',
    },
  },
  /** A new application or loan after the privacy consent was withdrawn. */
  CONSENT_WITHDRAWN: {
    code: 4407,
    http: 403,
    msg: {
      'en-US':
        'You withdrew your consent to the privacy policy, so we cannot assess a new application or loan. Give it again in Me > My data',
      'id-ID':
        'Anda menarik persetujuan atas kebijakan privasi, sehingga kami tidak dapat menilai pengajuan atau pinjaman baru. Berikan lagi di Saya > Data saya',
    },
  },
  // pay-later merchant checkout and the payment PIN (h/commerce, issue 26): 4410-4429
  /** A merchant's server call without a valid signature, or with a timestamp outside the window. */
  MERCHANT_SIGNATURE_REJECTED: {
    code: 4410,
    http: 401,
    msg: {
      'en-US': 'The merchant signature or timestamp is not valid',
      'id-ID': 'Tanda tangan atau waktu dari merchant tidak valid',
    },
  },
  /** The merchant's order id was used before with another body. */
  MERCHANT_ORDER_CONFLICT: {
    code: 4411,
    http: 409,
    msg: {
      'en-US': 'This merchant order id was already used for another order',
      'id-ID': 'Nomor pesanan merchant ini sudah dipakai untuk pesanan lain',
    },
  },
  /** The checkout link (sign_key) has expired, or the order was cancelled or already paid. */
  CHECKOUT_EXPIRED: {
    code: 4412,
    http: 410,
    msg: {
      'en-US': 'This checkout has expired. Please go back to the shop and order again',
      'id-ID': 'Pembayaran ini sudah kedaluwarsa. Silakan kembali ke toko dan pesan lagi',
    },
  },
  /** An unknown sign_key, or an order another borrower opened first: answered alike, so neither is told apart. */
  CHECKOUT_NOT_FOUND: {
    code: 4413,
    http: 404,
    msg: {
      'en-US': 'This checkout was not found',
      'id-ID': 'Pembayaran ini tidak ditemukan',
    },
  },
  /** The purchase is above the pay-later limit available to the borrower. */
  PAY_LATER_OVER_LIMIT: {
    code: 4414,
    http: 400,
    msg: {
      'en-US': 'The amount is above your available pay-later limit',
      'id-ID': 'Jumlah melebihi limit bayar nanti Anda yang tersedia',
    },
  },
  /** A coupon that does not exist, or does not apply to the chosen plan. */
  COUPON_NOT_VALID: {
    code: 4415,
    http: 400,
    msg: {
      'en-US': 'This coupon cannot be used with the chosen plan',
      'id-ID': 'Kupon ini tidak dapat digunakan untuk paket yang dipilih',
    },
  },
  /** A purchase before the borrower set a payment PIN. */
  PAY_PIN_NOT_SET: {
    code: 4416,
    http: 400,
    msg: {
      'en-US': 'Please set your 6-digit payment PIN first',
      'id-ID': 'Silakan buat PIN pembayaran 6 digit Anda terlebih dahulu',
    },
  },
  /** A wrong payment PIN; `tries_left` says how many wrong tries remain before it locks. */
  PAY_PIN_WRONG: {
    code: 4417,
    http: 400,
    msg: { 'en-US': 'The payment PIN is incorrect', 'id-ID': 'PIN pembayaran salah' },
  },
  /** Too many wrong PINs: locked until `locked_until`, or until reset with an SMS code. */
  PAY_PIN_LOCKED: {
    code: 4418,
    http: 423,
    msg: {
      'en-US':
        'Your payment PIN is locked after too many wrong tries. Reset it with an SMS code or try later',
      'id-ID':
        'PIN pembayaran Anda terkunci karena terlalu banyak salah. Atur ulang dengan kode SMS atau coba lagi nanti',
    },
  },
  /** The commerce headers name another merchant, order or buyer than the checkout's. */
  COMMERCE_HEADERS_MISMATCH: {
    code: 4419,
    http: 400,
    msg: {
      'en-US': 'This checkout does not belong to this shop',
      'id-ID': 'Pembayaran ini bukan milik toko ini',
    },
  },
  /** The merchant asked to cancel an order that is already paid. */
  MERCHANT_ORDER_NOT_CANCELLABLE: {
    code: 4420,
    http: 409,
    msg: {
      'en-US': 'A paid order cannot be cancelled this way',
      'id-ID': 'Pesanan yang sudah dibayar tidak dapat dibatalkan dengan cara ini',
    },
  },
  /** A plan id (pid / product_id) the order does not offer. */
  PAY_LATER_PLAN_NOT_OFFERED: {
    code: 4421,
    http: 400,
    msg: {
      'en-US': 'This instalment plan is not offered for this order',
      'id-ID': 'Paket cicilan ini tidak tersedia untuk pesanan ini',
    },
  },
  /** A return URL that is not among the merchant's configured ones. */
  MERCHANT_RETURN_URL_NOT_ALLOWED: {
    code: 4422,
    http: 400,
    msg: {
      'en-US': 'The return address is not allowed for this merchant',
      'id-ID': 'Alamat kembali tidak diizinkan untuk merchant ini',
    },
  },
  /** No store link of the app is configured (app_download_android / app_download_ios): nothing was sent. */
  APP_DOWNLOAD_UNAVAILABLE: {
    code: 4423,
    http: 404,
    msg: {
      'en-US': 'The KasKita app cannot be downloaded yet',
      'id-ID': 'Aplikasi KasKita belum dapat diunduh',
    },
  },
  /** The merchant's refund_id was already used for another refund (another body). */
  MERCHANT_REFUND_CONFLICT: {
    code: 4424,
    http: 409,
    msg: {
      'en-US': 'This refund id was already used for another refund',
      'id-ID': 'ID pengembalian dana ini sudah dipakai untuk pengembalian lain',
    },
  },
  /** A refund of an order that is not paid (unpaid, expired, cancelled), or whose loan can no longer take one. */
  MERCHANT_ORDER_NOT_REFUNDABLE: {
    code: 4425,
    http: 409,
    msg: {
      'en-US': 'This order cannot be refunded',
      'id-ID': 'Pesanan ini tidak dapat dikembalikan dananya',
    },
  },
  /** A refund above what is still refundable of the order (data: refundable_amount). */
  MERCHANT_REFUND_TOO_LARGE: {
    code: 4426,
    http: 400,
    msg: {
      'en-US': 'The refund is more than what can still be refunded on this order',
      'id-ID': 'Pengembalian dana melebihi sisa yang dapat dikembalikan untuk pesanan ini',
    },
  },
  /**
   * A cash-loan order or a bank-card change without the payment PIN, from a borrower who has set one: once set, it
   * confirms both.
   */
  PAY_PIN_REQUIRED: {
    code: 4427,
    http: 400,
    msg: {
      'en-US': 'Enter your 6-digit payment PIN to confirm',
      'id-ID': 'Masukkan PIN pembayaran 6 digit Anda untuk konfirmasi',
    },
  },
  // relief: more days to pay (issue 27): 4430-4439
  /** The loan already has a relief request or offer waiting. */
  RELIEF_OPEN_EXISTS: {
    code: 4430,
    http: 409,
    msg: {
      'en-US': 'You already asked for relief on this loan: see its status below, or withdraw it first',
      'id-ID':
        'Anda sudah mengajukan keringanan untuk pinjaman ini: lihat statusnya di bawah, atau batalkan dulu',
    },
  },
  /** The loan was given relief already (RELIEFS_PER_LOAN). */
  RELIEF_ALREADY_GIVEN: {
    code: 4431,
    http: 409,
    msg: {
      'en-US':
        'This loan has had its relief already. If you still cannot pay, contact customer service (Me > Help)',
      'id-ID':
        'Pinjaman ini sudah pernah mendapat keringanan. Jika masih belum bisa membayar, hubungi layanan pelanggan (Saya > Bantuan)',
    },
  },
  /** Accepting a request that is not (or no longer) an offer. */
  RELIEF_NOT_OFFERED: {
    code: 4432,
    http: 409,
    msg: {
      'en-US': 'There is no offer to accept on this request',
      'id-ID': 'Tidak ada penawaran yang dapat disetujui pada pengajuan ini',
    },
  },
  /** The offer lapsed (RELIEF_OFFER_DAYS), or the bills changed so that it would no longer give more time. */
  RELIEF_OFFER_EXPIRED: {
    code: 4433,
    http: 409,
    msg: {
      'en-US': 'This offer has expired. You can ask for relief again',
      'id-ID': 'Penawaran ini sudah kedaluwarsa. Anda dapat mengajukan keringanan lagi',
    },
  },
  /** Withdrawing or deciding a request already decided, accepted or withdrawn. */
  RELIEF_NOT_OPEN: {
    code: 4434,
    http: 409,
    msg: {
      'en-US': 'This relief request is already closed',
      'id-ID': 'Pengajuan keringanan ini sudah ditutup',
    },
  },
  /** Staff offered days or bills outside the caps, or terms that leave the first bill due within a week. */
  RELIEF_BEYOND_CAPS: {
    code: 4435,
    http: 422,
    msg: {
      'en-US':
        'Relief moves the unpaid bills 7 to 30 days later or adds 1 to 3 instalments, and the next bill must then be due at least a week from today',
      'id-ID':
        'Keringanan memundurkan tagihan yang belum dibayar 7 sampai 30 hari atau menambah 1 sampai 3 cicilan, dan tagihan berikutnya harus jatuh tempo paling cepat seminggu dari hari ini',
    },
  },
  /** The bills changed (a payment, a day's late fee) since the borrower read the addendum they are accepting. */
  RELIEF_TERMS_CHANGED: {
    code: 4436,
    http: 409,
    msg: {
      'en-US': 'Your bills changed since you read the addendum. Please read it again before you accept',
      'id-ID': 'Tagihan Anda berubah sejak Anda membaca adendum. Silakan baca lagi sebelum menyetujui',
    },
  },
  /** Staff offered days on a request for more instalments, or instalments on a request for more days. */
  RELIEF_KIND_MISMATCH: {
    code: 4437,
    http: 422,
    msg: {
      'en-US': 'Offer what the borrower asked for: more days for a deferral, more instalments for a spread',
      'id-ID':
        'Tawarkan yang diminta peminjam: tambahan hari untuk penundaan, tambahan cicilan untuk pembagian ulang',
    },
  },
  INTERNAL: {
    code: 5000,
    http: 500,
    msg: {
      'en-US': 'Something went wrong on our side, please try again',
      'id-ID': 'Terjadi kesalahan di sistem kami, silakan coba lagi',
    },
  },
} as const satisfies Record<string, { code: number; http: number; msg: Bilingual }>;

export type ErrorKey = keyof typeof ERRORS;

/** The message for an error key in a locale. */
export function errorMessage(key: ErrorKey, locale: Locale): string {
  return ERRORS[key].msg[locale];
}

/** The spec's codes the web app reacts to, named. */
export const CODE = {
  OK: ERRORS.OK.code,
  SESSION_LOST: ERRORS.SESSION_LOST.code,
  CAPTCHA_CLOSE: ERRORS.SMS_DAILY_LIMIT.code,
  SMS_COOLDOWN: ERRORS.SMS_COOLDOWN.code,
  CAPTCHA_REQUIRED: ERRORS.CAPTCHA_REQUIRED.code,
  KTP_REGISTERED: ERRORS.KTP_REGISTERED.code,
} as const;
