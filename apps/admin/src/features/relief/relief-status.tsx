import { Tag } from 'antd';
import type { AdminReliefDetail } from '@kaskita/domain/contract/admin-relief';
import type { Bilingual } from '@kaskita/domain/i18n/locale';
import type { ReliefStatus } from '@kaskita/domain/relief/relief-rules';
import { useI18n } from '../../lib/i18n.tsx';

/** A relief request's status as the desk names it, with a colour that never carries the meaning alone. */
export const RELIEF_STATUS: Record<ReliefStatus, { color: string; label: Bilingual }> = {
  requested: { color: 'gold', label: { 'en-US': 'Requested', 'id-ID': 'Diajukan' } },
  offered: { color: 'blue', label: { 'en-US': 'Offered', 'id-ID': 'Ditawarkan' } },
  accepted: { color: 'green', label: { 'en-US': 'Accepted', 'id-ID': 'Diterima peminjam' } },
  declined: { color: 'red', label: { 'en-US': 'Declined', 'id-ID': 'Ditolak' } },
  withdrawn: { color: 'default', label: { 'en-US': 'Withdrawn', 'id-ID': 'Dibatalkan peminjam' } },
  expired: { color: 'default', label: { 'en-US': 'Expired', 'id-ID': 'Kedaluwarsa' } },
};

type ReliefState = Pick<AdminReliefDetail, 'status' | 'pending_approval'>;

/** An offer proposed and not yet approved or rejected: the request is in a second member's hands. */
export const awaitsApproval = (relief: ReliefState) => relief.pending_approval === 'pending';

/** The desk may propose or decline only a request nobody has answered and no proposal is waiting on. */
export const mayAnswer = (relief: ReliefState) => relief.status === 'requested' && !awaitsApproval(relief);

export function ReliefStatusTag({ status }: { status: ReliefStatus }) {
  const { t } = useI18n();
  return (
    <Tag color={RELIEF_STATUS[status].color} data-testid="relief-status">
      {t(RELIEF_STATUS[status].label)}
    </Tag>
  );
}

export function AwaitingApprovalTag() {
  const { t } = useI18n();
  return (
    <Tag color="orange" data-testid="relief-awaiting-approval">
      {t({ 'en-US': 'Awaiting approval', 'id-ID': 'Menunggu persetujuan' })}
    </Tag>
  );
}
