import { useQueryClient } from '@tanstack/react-query';
import { Flex, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { Link, useSearchParams } from 'react-router';
import { adminCareCalls, DISBURSEMENT_TABS, STUCK_AFTER_MINUTES } from '@kaskita/domain/contract/admin-care';
import { ReasonButton } from '../../components/reason-modal.tsx';
import { ServerTable } from '../../components/server-table.tsx';
import { callApi } from '../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';

const calls = adminCareCalls;
type Row = Awaited<ReturnType<typeof callApi<typeof calls.listDisbursements>>>['items'][number];
type Tab = (typeof DISBURSEMENT_TABS)[number];

const TAB_LABELS = {
  pending: { 'en-US': 'Pending', 'id-ID': 'Menunggu' },
  failed: { 'en-US': 'Failed', 'id-ID': 'Gagal' },
  stuck: { 'en-US': 'Stuck', 'id-ID': 'Tertahan' },
} as const;

/**
 * Disbursements that need a person (disbursement.manage): pending, failed and stuck; retry or cancel, each with a
 * reason. The server decides what is allowed (never two payouts for one loan); the buttons follow its `can_*`.
 */
export default function DisbursementsPage() {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const tab = (DISBURSEMENT_TABS as readonly string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as Tab)
    : 'pending';
  const refresh = () => queryClient.invalidateQueries({ queryKey: [calls.listDisbursements.id] });
  const columns: ColumnsType<Row> = [
    {
      key: 'updated_at',
      dataIndex: 'updated_at',
      title: t({ 'en-US': 'Last change', 'id-ID': 'Perubahan terakhir' }),
      sorter: true,
      render: (value: string) => formatDateTime(value, locale),
    },
    {
      key: 'loan',
      title: t({ 'en-US': 'Loan', 'id-ID': 'Pinjaman' }),
      render: (_, row) => <Link to={`/loans/${row.loan_id}`}>{row.loan_id.slice(0, 8)}</Link>,
    },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t({ 'en-US': 'Amount', 'id-ID': 'Jumlah' }),
      render: (value: number) => formatMoney(value),
    },
    {
      key: 'state',
      dataIndex: 'loan_state',
      title: t({ 'en-US': 'Loan state', 'id-ID': 'Status pinjaman' }),
    },
    {
      key: 'try',
      title: t({ 'en-US': 'Latest try', 'id-ID': 'Percobaan terakhir' }),
      render: (_, row) =>
        [row.status ?? '—', row.failure, `${row.attempts}×`].filter((part) => part !== null).join(' · '),
    },
    {
      key: 'actions',
      title: t({ 'en-US': 'Actions', 'id-ID': 'Tindakan' }),
      render: (_, row) => (
        <Flex gap={8}>
          {row.can_retry && (
            <ReasonButton
              label={t({ 'en-US': 'Retry', 'id-ID': 'Coba lagi' })}
              buttonProps={{ size: 'small', type: 'primary' }}
              title={t({ 'en-US': 'Try the disbursement again', 'id-ID': 'Coba lagi pencairan' })}
              description={
                <p>
                  {t({
                    'en-US':
                      'A failed loan gets a new try to its account; a stuck try is asked for again under its own id.',
                    'id-ID':
                      'Pinjaman gagal mendapat percobaan baru ke rekeningnya; percobaan yang tertahan diminta ulang dengan id yang sama.',
                  })}
                </p>
              }
              onSubmit={async ({ reason }) => {
                await callApi(calls.retryDisbursement, { reason }, { params: { id: row.loan_id } });
                await refresh();
              }}
            />
          )}
          {row.can_cancel && (
            <ReasonButton
              danger
              label={t({ 'en-US': 'Cancel loan', 'id-ID': 'Batalkan pinjaman' })}
              buttonProps={{ size: 'small' }}
              title={t({ 'en-US': 'Cancel the loan', 'id-ID': 'Batalkan pinjaman' })}
              description={
                <p>
                  {t({
                    'en-US':
                      'No money has left: the loan ends with no bills, and the borrower sees it cancelled.',
                    'id-ID':
                      'Belum ada dana yang keluar: pinjaman berakhir tanpa tagihan, dan peminjam melihatnya dibatalkan.',
                  })}
                </p>
              }
              onSubmit={async ({ reason }) => {
                await callApi(calls.cancelDisbursement, { reason }, { params: { id: row.loan_id } });
                await refresh();
              }}
            />
          )}
        </Flex>
      ),
    },
  ];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Disbursements', 'id-ID': 'Pencairan' })}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(new URLSearchParams({ tab: key }))}
        items={DISBURSEMENT_TABS.map((key) => ({ key, label: t(TAB_LABELS[key]) }))}
      />
      {tab === 'stuck' && (
        <Typography.Paragraph>
          {t({
            'en-US': `Tries still sending or at the bank after ${STUCK_AFTER_MINUTES} minutes.`,
            'id-ID': `Percobaan yang masih dikirim atau di bank setelah ${STUCK_AFTER_MINUTES} menit.`,
          })}
        </Typography.Paragraph>
      )}
      <ServerTable
        key={tab}
        call={calls.listDisbursements}
        columns={columns}
        rowKey="loan_id"
        fixedInput={{ tab }}
        tableProps={{ size: 'small' }}
      />
    </>
  );
}
