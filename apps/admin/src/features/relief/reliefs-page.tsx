import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { Link } from 'react-router';
import type { z } from 'zod';
import { adminReliefCalls } from '@kaskita/domain/contract/admin-relief';
import {
  MAX_DEFERRAL_DAYS,
  MAX_EXTRA_INSTALMENTS,
  MIN_DEFERRAL_DAYS,
  MIN_EXTRA_INSTALMENTS,
  RELIEF_STATUSES,
} from '@kaskita/domain/relief/relief-rules';
import { ServerTable } from '../../components/server-table.tsx';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { AwaitingApprovalTag, awaitsApproval, RELIEF_STATUS, ReliefStatusTag } from './relief-status.tsx';
import { useReliefTermsText } from './relief-terms-text.ts';

const calls = adminReliefCalls;

// The contract names the detail's type only; a row is what the list call answers.
type ReliefRow = z.output<typeof calls.listReliefs.response>['items'][number];

/** Relief requests (relief.propose): borrowers asking for more days or more instalments, the oldest first. */
export default function ReliefsPage() {
  const { t, locale } = useI18n();
  const termsText = useReliefTermsText();
  const columns: ColumnsType<ReliefRow> = [
    {
      key: 'asked_at',
      dataIndex: 'asked_at',
      title: t({ 'en-US': 'Asked at', 'id-ID': 'Diajukan' }),
      sorter: true,
      render: (value: string) => formatDateTime(value, locale),
    },
    {
      key: 'order_id',
      dataIndex: 'order_id',
      title: t({ 'en-US': 'Loan', 'id-ID': 'Pinjaman' }),
      render: (value: string, row) => <Link to={`/relief/${row.id}`}>{value}</Link>,
    },
    {
      key: 'status',
      title: t({ 'en-US': 'Status', 'id-ID': 'Status' }),
      render: (_, row) => (
        <>
          <ReliefStatusTag status={row.status} /> {awaitsApproval(row) && <AwaitingApprovalTag />}
        </>
      ),
    },
    {
      key: 'asked',
      title: t({ 'en-US': 'Asked', 'id-ID': 'Diminta' }),
      render: (_, row) => termsText(row.kind, row.days_asked, row.extra_asked),
    },
    {
      key: 'offered',
      title: t({ 'en-US': 'Offered', 'id-ID': 'Ditawarkan' }),
      render: (_, row) => termsText(row.kind, row.days_offered, row.extra_offered),
    },
    {
      key: 'loan_state',
      dataIndex: 'loan_state',
      title: t({ 'en-US': 'Loan state', 'id-ID': 'Status pinjaman' }),
    },
    { key: 'days_past_due', dataIndex: 'days_past_due', title: 'DPD', align: 'right' },
    {
      key: 'outstanding',
      dataIndex: 'outstanding',
      title: t({ 'en-US': 'Outstanding', 'id-ID': 'Sisa utang' }),
      align: 'right',
      render: (value: number) => formatMoney(value),
    },
  ];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Relief requests', 'id-ID': 'Pengajuan keringanan' })}
      </Typography.Title>
      <Typography.Paragraph>
        {t({
          'en-US': `A borrower who cannot pay on time asks, at no cost, for their unpaid bills to fall due ${MIN_DEFERRAL_DAYS} to ${MAX_DEFERRAL_DAYS} days later, or for what remains to be spread over ${MIN_EXTRA_INSTALMENTS} to ${MAX_EXTRA_INSTALMENTS} more instalments. Propose an offer of the kind asked (a second member approves it before the borrower sees it) or decline with a reason the borrower reads.`,
          'id-ID': `Peminjam yang tidak bisa membayar tepat waktu meminta, tanpa biaya, tagihan yang belum dibayar jatuh tempo ${MIN_DEFERRAL_DAYS} sampai ${MAX_DEFERRAL_DAYS} hari kemudian, atau sisa pinjaman dibagi ke ${MIN_EXTRA_INSTALMENTS} sampai ${MAX_EXTRA_INSTALMENTS} cicilan tambahan. Usulkan penawaran sesuai jenis yang diminta (staf lain menyetujuinya sebelum peminjam melihatnya) atau tolak dengan alasan yang dibaca peminjam.`,
        })}
      </Typography.Paragraph>
      <ServerTable
        call={calls.listReliefs}
        columns={columns}
        rowKey="id"
        tableProps={{ size: 'small' }}
        filters={[
          {
            name: 'status',
            type: 'select',
            label: { 'en-US': 'Status', 'id-ID': 'Status' },
            options: RELIEF_STATUSES.map((value) => ({ value, label: RELIEF_STATUS[value].label })),
            // The call has no "all": a blank status lists the requests still waiting for the desk.
            defaultValue: 'requested',
          },
        ]}
      />
    </>
  );
}
