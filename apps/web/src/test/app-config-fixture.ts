import type { AppConfig } from '@kaskita/domain/contract/config';
import type { Wire } from './api-answer.ts';

/** A configuration as GET /v1/config answers it: the seed's values, and figures as a computation left them. */
export const appConfigFixture: Wire<AppConfig> = {
  support_phone: '1500-827',
  support_email: 'cs@kaskita.co.id',
  support_hours: 'Senin-Minggu 08:00-20:00 WIB',
  support_whatsapp: '+6281115008270',
  app_download_ios: null,
  app_download_android: null,
  ojk_licence_text: 'Berizin dan diawasi oleh Otoritas Jasa Keuangan (OJK)',
  company_legal_name: 'PT KasKita Teknologi Indonesia',
  company_address: 'Menara Sentraya Lt. 19, Jakarta Selatan 12160',
  ojk_registration_number: 'KEP-47/D.05/2024',
  complaint_email: 'pengaduan@kaskita.co.id',
  dpo_email: 'dpo@kaskita.co.id',
  platform_figures: {
    funds_disbursed: 1_284_650_000_000,
    lenders: null,
    borrowers: 412_906,
    tkb90_percent: '98.73',
    as_of: '2026-10-31',
  },
  partner_links: { 'doku-wallet': 'https://www.doku.com/wallet/kaskita' },
  iframe_hosts: ['promo.kaskita.co.id'],
};
