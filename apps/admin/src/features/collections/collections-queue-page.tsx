import { Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useNavigate, useSearchParams } from 'react-router';
import { DPD_BUCKETS } from '@kaskita/domain/contract/admin-book';
import { adminCollectionCalls, type CollectionQueueRow } from '@kaskita/domain/contract/admin-collections';
import { ServerTable } from '../../components/server-table.tsx';
import { formatBusinessDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { borrowerTime } from './contact-time.ts';
import { PromiseTag } from './promise-tag.tsx';

/** The collections queue (issue 25): overdue loans by DPD bucket, each with when the borrower may next be contacted. */
export default function CollectionsQueuePage() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const bucket = (DPD_BUCKETS as readonly string[]).includes(search.get('bucket') ?? '')
    ? search.get('bucket')!
    : DPD_BUCKETS[0];
  const columns: ColumnsType<CollectionQueueRow> = [
    {
      key: 'borrower',
      title: t({ 'en-US': 'Borrower', 'id-ID': 'Peminjam' }),
      render: (_, row) => `${row.borrower.name_masked ?? '—'} · ${row.borrower.phone_masked}`,
    },
    { key: 'dpd', dataIndex: 'dpd', title: 'DPD', sorter: true },
    {
      key: 'amount_overdue',
      dataIndex: 'amount_overdue',
      title: t({ 'en-US': 'Overdue', 'id-ID': 'Terlambat' }),
      align: 'right',
      render: (value: number) => formatMoney(value),
    },
    {
      key: 'last_contact_at',
      dataIndex: 'last_contact_at',
      title: t({ 'en-US': 'Last contact', 'id-ID': 'Kontak terakhir' }),
      render: (value: string | null) => (value ? formatDateTime(value, locale) : '—'),
    },
    {
      key: 'promise',
      title: t({ 'en-US': 'Promise to pay', 'id-ID': 'Janji bayar' }),
      render: (_, row) =>
        row.promise ? (
          <>
            {formatBusinessDate(row.promise.promised_date, locale)} <PromiseTag state={row.promise.state} />
          </>
        ) : (
          '—'
        ),
    },
    {
      key: 'next_allowed_contact_at',
      title: t({ 'en-US': 'Next allowed contact', 'id-ID': 'Boleh dihubungi' }),
      render: (_, row) =>
        row.disputed_since ? (
          <Tag color="orange" data-testid="under-dispute">
            {t({ 'en-US': 'Under dispute: no contact', 'id-ID': 'Disanggah: jangan dihubungi' })}
          </Tag>
        ) : row.may_contact_now ? (
          <Tag color="green">{t({ 'en-US': 'Now', 'id-ID': 'Sekarang' })}</Tag>
        ) : (
          borrowerTime(row.next_allowed_contact_at, row.time_zones, locale)
        ),
    },
  ];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Collections', 'id-ID': 'Penagihan' })}
      </Typography.Title>
      <Tabs
        activeKey={bucket}
        onChange={(key) => {
          const next = new URLSearchParams(search);
          next.set('bucket', key);
          next.delete('page');
          setSearch(next);
        }}
        items={DPD_BUCKETS.map((b) => ({ key: b, label: `DPD ${b}` }))}
      />
      <ServerTable
        call={adminCollectionCalls.listCollectionQueue}
        fixedInput={{ bucket }}
        columns={columns}
        rowKey="loan_id"
        tableProps={{
          size: 'small',
          onRow: (row) => ({
            onClick: () => navigate(`/collections/${row.loan_id}`),
            style: { cursor: 'pointer' },
          }),
        }}
      />
    </>
  );
}
