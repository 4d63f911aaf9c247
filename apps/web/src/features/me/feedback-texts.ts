import { defineTexts } from '../../lib/i18n.ts';

/** Help & feedback (/me/help): its own namespace, loaded with the page's chunk only. */
export const feedbackTexts = defineTexts({
  'en-US': {
    meFeedback: {
      intro:
        'Tell us what we can do better, or file a complaint. We answer complaints within 10 working days.',
      kindLabel: 'What is it?',
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
        'Sampaikan apa yang bisa kami perbaiki, atau ajukan pengaduan. Pengaduan kami jawab dalam 10 hari kerja.',
      kindLabel: 'Jenis pesan',
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
