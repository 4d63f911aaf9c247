import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { Link } from 'react-router';
import { adminReviewCalls } from '@kaskita/domain/contract/admin-review';
import { ServerTable } from '../../components/server-table.tsx';
import type { callApi } from '../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';

type QueueItem = Awaited<
  ReturnType<typeof callApi<typeof adminReviewCalls.listReviewQueue>>
>['items'][number];

/** The review queue (application.decide): applications the rules handed to a person, oldest first. */
export default function ReviewQueuePage() {
  const { t, locale } = useI18n();
  const columns: ColumnsType<QueueItem> = [
    {
      key: 'borrower',
      title: t({ 'en-US': 'Borrower', 'id-ID': 'Peminjam' }),
      render: (_, row) => (
        <>
          <Typography.Text code>{row.borrower.name_masked ?? '—'}</Typography.Text>{' '}
          <Typography.Text type="secondary">{row.borrower.phone_masked}</Typography.Text>
        </>
      ),
    },
    {
      key: 'flags',
      title: t({ 'en-US': 'Why a person decides', 'id-ID': 'Alasan ditinjau' }),
      render: (_, row) => row.flags.map((flag) => <Tag key={flag.code}>{flag.text}</Tag>),
    },
    {
      key: 'queued_at',
      title: t({ 'en-US': 'Waiting since', 'id-ID': 'Menunggu sejak' }),
      render: (_, row) => formatDateTime(row.queued_at, locale),
    },
    {
      key: 'suggested_limit',
      title: t({ 'en-US': 'Rules would lend', 'id-ID': 'Limit menurut aturan' }),
      render: (_, row) => (row.suggested_limit === null ? '—' : formatMoney(row.suggested_limit)),
    },
    {
      key: 'approval',
      title: t({ 'en-US': 'Second reviewer', 'id-ID': 'Peninjau kedua' }),
      render: (_, row) =>
        row.approval_request_id ? (
          <Tag color="gold">{t({ 'en-US': 'Waiting for approval', 'id-ID': 'Menunggu persetujuan' })}</Tag>
        ) : null,
    },
    {
      key: 'open',
      title: t({ 'en-US': 'Application', 'id-ID': 'Pengajuan' }),
      render: (_, row) => (
        <Link to={`/applications/review/${row.application_id}`}>
          {t({ 'en-US': 'Review', 'id-ID': 'Tinjau' })}
        </Link>
      ),
    },
  ];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Review queue', 'id-ID': 'Antrian peninjauan' })}
      </Typography.Title>
      <ServerTable call={adminReviewCalls.listReviewQueue} columns={columns} rowKey="application_id" />
    </>
  );
}
