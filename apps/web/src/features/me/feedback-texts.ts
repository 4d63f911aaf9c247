import { defineTexts } from '../../lib/i18n.ts';

/** Help & feedback (/me/help): its own namespace, loaded with the page's chunk only. */
export const feedbackTexts = defineTexts({
  'en-US': {
    meFeedback: {
      intro:
        'Tell us what we can do better. Something went wrong? File a complaint in Help: it gets a case number and an answer within 10 working days.',
      kind_feedback: 'Feedback',
      kind_complaint: 'Complaint',
      contentLabel: 'Your message',
      send: 'Send',
      sent: 'Thank you, we have received it',
      mine: 'Your messages',
      none: 'You have not sent us anything yet.',
      status_open: 'Waiting for our answer',
      status_answered: 'Answered',
      status_closed: 'Closed',
      reply: 'Our answer',
      resolution: 'Resolution',
    },
  },
  'id-ID': {
    meFeedback: {
      intro:
        'Sampaikan apa yang bisa kami perbaiki. Ada masalah? Ajukan pengaduan di Bantuan: Anda mendapat nomor kasus dan jawaban dalam 10 hari kerja.',
      kind_feedback: 'Masukan',
      kind_complaint: 'Pengaduan',
      contentLabel: 'Pesan Anda',
      send: 'Kirim',
      sent: 'Terima kasih, pesan Anda sudah kami terima',
      mine: 'Pesan Anda',
      none: 'Anda belum mengirim pesan.',
      status_open: 'Menunggu jawaban kami',
      status_answered: 'Sudah dijawab',
      status_closed: 'Selesai',
      reply: 'Jawaban kami',
      resolution: 'Penyelesaian',
    },
  },
});
