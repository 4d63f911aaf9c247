import { defineTexts } from '../../lib/i18n.ts';

/** The test route group's page (outside the online build): loaded with it only. */
export const devToolsTexts = defineTexts({
  'en-US': {
    devTools: {
      heading: 'Test tools',
      intro:
        'Only in builds outside the online environment. These pages play the outside world: the phone, the bank, the payment gateway and a shop.',
      outbox: 'SMS and WhatsApp outbox (sign-in codes)',
      jobs: 'Background jobs',
      payments: 'Sandbox payment gateway: pay a code',
      disbursements: 'Sandbox bank: complete or fail a disbursement',
      merchant: 'Demo shop: create an order, pay later at its checkout',
      apiDocs: 'API documentation',
      admin: 'Back office',
      version: 'App version: {{version}}',
    },
  },
  'id-ID': {
    devTools: {
      heading: 'Alat uji',
      intro:
        'Hanya pada build di luar lingkungan online. Halaman ini memerankan pihak luar: HP, bank, gerbang pembayaran, dan toko.',
      outbox: 'Kotak keluar SMS dan WhatsApp (kode masuk)',
      jobs: 'Pekerjaan latar belakang',
      payments: 'Gerbang pembayaran sandbox: bayar kode',
      disbursements: 'Bank sandbox: selesaikan atau gagalkan pencairan',
      merchant: 'Toko demo: buat pesanan, bayar nanti di kasirnya',
      apiDocs: 'Dokumentasi API',
      admin: 'Back office',
      version: 'Versi aplikasi: {{version}}',
    },
  },
});
