import { Space, Tag } from 'antd';
import type { AdminComplaintRow } from '@kaskita/domain/contract/admin-complaints';
import { isWaiting } from '@kaskita/domain/complaints/complaint-rules';
import { formatBusinessDate } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { daysLeftText } from './complaint-labels.ts';

/** The deadline, the working days left while the case waits, and whether it is late or was extended. */
export function ComplaintDeadline({
  row,
}: {
  row: Pick<AdminComplaintRow, 'answer_by' | 'working_days_left' | 'overdue' | 'extended' | 'status'>;
}) {
  const { t, locale } = useI18n();
  return (
    <Space size={4} wrap>
      <span>{formatBusinessDate(row.answer_by, locale)}</span>
      {isWaiting(row.status) && (
        <span data-testid="days-left">({daysLeftText(row.working_days_left, locale)})</span>
      )}
      {row.overdue && <Tag color="red">{t({ 'en-US': 'Overdue', 'id-ID': 'Terlambat' })}</Tag>}
      {row.extended && <Tag color="gold">{t({ 'en-US': 'Extended', 'id-ID': 'Diperpanjang' })}</Tag>}
    </Space>
  );
}

/** A case about a collection contact: compliance reviews the collector's conduct beside the answer. */
export function ComplianceTag() {
  const { t } = useI18n();
  return (
    <Tag color="red" data-testid="complaint-compliance">
      {t({ 'en-US': 'Compliance', 'id-ID': 'Kepatuhan' })}
    </Tag>
  );
}
