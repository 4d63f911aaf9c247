import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { adminCareCalls, OUTBOX_STATUSES } from '@kaskita/domain/contract/admin-care';
import { ServerTable } from '../../components/server-table.tsx';
import type { callApi } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';

const calls = adminCareCalls;
type Message = Awaited<ReturnType<typeof callApi<typeof calls.listOutbox>>>['items'][number];

const STATUS_LABELS = {
  pending: { 'en-US': 'Pending', 'id-ID': 'Menunggu' },
  sent: { 'en-US': 'Sent', 'id-ID': 'Terkirim' },
  failed: { 'en-US': 'Failed', 'id-ID': 'Gagal' },
  withheld: { 'en-US': 'Withheld', 'id-ID': 'Ditahan' },
} as const;

/** The outbox (loan.read): what was sent to a borrower, how and when; codes never shown (the server masks them). */
export default function MessagesPage() {
  const { t, locale } = useI18n();
  const columns: ColumnsType<Message> = [
    {
      key: 'created_at',
      dataIndex: 'created_at',
      title: t({ 'en-US': 'Created', 'id-ID': 'Dibuat' }),
      sorter: true,
      render: (value: string) => formatDateTime(value, locale),
    },
    { key: 'kind', dataIndex: 'kind', title: t({ 'en-US': 'Kind', 'id-ID': 'Jenis' }) },
    { key: 'channel', dataIndex: 'channel', title: t({ 'en-US': 'Channel', 'id-ID': 'Kanal' }) },
    { key: 'to', dataIndex: 'recipient_masked', title: t({ 'en-US': 'To', 'id-ID': 'Kepada' }) },
    {
      key: 'status',
      dataIndex: 'status',
      title: t({ 'en-US': 'Status', 'id-ID': 'Status' }),
      render: (value: Message['status']) => t(STATUS_LABELS[value]),
    },
    { key: 'attempts', dataIndex: 'attempts', title: t({ 'en-US': 'Attempts', 'id-ID': 'Percobaan' }) },
    {
      key: 'sent_at',
      dataIndex: 'sent_at',
      title: t({ 'en-US': 'Sent', 'id-ID': 'Terkirim' }),
      render: (value: string | null) => (value ? formatDateTime(value, locale) : '—'),
    },
    {
      key: 'text',
      title: t({ 'en-US': 'Text or last error', 'id-ID': 'Teks atau galat terakhir' }),
      render: (_, row) => row.text ?? row.last_error ?? '—',
    },
  ];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Messages sent', 'id-ID': 'Pesan terkirim' })}
      </Typography.Title>
      <ServerTable
        call={calls.listOutbox}
        columns={columns}
        rowKey="id"
        tableProps={{ size: 'small' }}
        filters={[
          { name: 'user_id', type: 'text', label: { 'en-US': 'Borrower id', 'id-ID': 'Id peminjam' } },
          { name: 'kind', type: 'text', label: { 'en-US': 'Kind', 'id-ID': 'Jenis' } },
          {
            name: 'status',
            type: 'select',
            label: { 'en-US': 'Status', 'id-ID': 'Status' },
            options: OUTBOX_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
          },
          { name: 'from', type: 'date', label: { 'en-US': 'From', 'id-ID': 'Dari' } },
          { name: 'to', type: 'date', label: { 'en-US': 'To', 'id-ID': 'Sampai' } },
        ]}
      />
    </>
  );
}
