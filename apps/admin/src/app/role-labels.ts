import type { Bilingual } from '@kaskita/domain/i18n/locale';
import type { Role } from '@kaskita/domain/staff/permissions';

/** Roles as people read them. */
export const ROLE_LABEL: Record<Role, Bilingual> = {
  administrator: { 'en-US': 'Administrator', 'id-ID': 'Administrator' },
  risk_reviewer: { 'en-US': 'Risk reviewer', 'id-ID': 'Peninjau risiko' },
  finance: { 'en-US': 'Finance', 'id-ID': 'Keuangan' },
  collector: { 'en-US': 'Collector', 'id-ID': 'Penagih' },
  customer_support: { 'en-US': 'Customer support', 'id-ID': 'Layanan pelanggan' },
  auditor: { 'en-US': 'Auditor', 'id-ID': 'Auditor' },
};
