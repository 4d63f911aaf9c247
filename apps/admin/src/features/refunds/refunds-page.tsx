import { useQueryClient } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { adminApprovalCalls } from '@kaskita/domain/contract/admin-approvals';
import { ReasonButton } from '../../components/reason-modal.tsx';
import { ServerTable } from '../../components/server-table.tsx';
import { callApi } from '../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';

const calls = adminApprovalCalls;
type Refund = Awaited<ReturnType<typeof callApi<typeof calls.listStaffRefunds>>>['items'][number];

/**
 * Refunds (refunds.approve): those above the automatic amount, waiting for a second member's approval, and those that
 * failed every try, to send again or cancel (the credit then stays held on the loan). Each with a reason.
 */
export default function RefundsPage() {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [calls.listStaffRefunds.id] });
  const columns: ColumnsType<Refund> = [
    {
      key: 'created_at',
      dataIndex: 'created_at',
      title: t({ 'en-US': 'Created', 'id-ID': 'Dibuat' }),
      sorter: true,
      render: (value: string) => formatDateTime(value, locale),
    },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t({ 'en-US': 'Amount', 'id-ID': 'Jumlah' }),
      render: (value: number) => formatMoney(value),
    },
    {
      key: 'order',
      title: t({ 'en-US': 'Of', 'id-ID': 'Dari' }),
      // A loan's left-over credit, or a payment that could not be applied and goes back to its payer.
      render: (_, row) =>
        row.order_id
          ? `${t({ 'en-US': 'Loan', 'id-ID': 'Pinjaman' })} ${row.order_id}`
          : `${t({ 'en-US': 'Returned payment', 'id-ID': 'Pembayaran dikembalikan' })} ${row.payment_id ?? ''}`,
    },
    { key: 'state', dataIndex: 'state', title: t({ 'en-US': 'State', 'id-ID': 'Status' }) },
    {
      key: 'failure',
      title: t({ 'en-US': 'Last failure', 'id-ID': 'Kegagalan terakhir' }),
      render: (_, row) => (row.failure ? `${row.failure} · ${row.attempts}` : '—'),
    },
    {
      key: 'actions',
      title: t({ 'en-US': 'Actions', 'id-ID': 'Tindakan' }),
      render: (_, row) =>
        row.state === 'awaiting_approval' ? (
          <ReasonButton
            label={t({ 'en-US': 'Ask to pay', 'id-ID': 'Minta pembayaran' })}
            buttonProps={{ size: 'small', type: 'primary' }}
            title={t({
              'en-US': `Pay ${formatMoney(row.amount)} back`,
              'id-ID': `Kembalikan ${formatMoney(row.amount)}`,
            })}
            description={
              <p>
                {t({
                  'en-US': 'The refund is sent once a second member with refunds.approve approves it.',
                  'id-ID':
                    'Pengembalian dikirim setelah staf kedua dengan izin refunds.approve menyetujuinya.',
                })}
              </p>
            }
            onSubmit={async ({ reason }) => {
              await callApi(calls.requestRefundApproval, { reason }, { params: { id: row.id } });
              await refresh();
            }}
          />
        ) : (
          <Flex gap={8}>
            <ReasonButton
              label={t({ 'en-US': 'Send again', 'id-ID': 'Kirim ulang' })}
              buttonProps={{ size: 'small' }}
              title={t({ 'en-US': 'Send the refund again', 'id-ID': 'Kirim ulang pengembalian dana' })}
              onSubmit={async ({ reason }) => {
                await callApi(calls.retryRefund, { reason }, { params: { id: row.id } });
                await refresh();
              }}
            />
            <ReasonButton
              danger
              label={t({ 'en-US': 'Cancel', 'id-ID': 'Batalkan' })}
              buttonProps={{ size: 'small' }}
              title={t({ 'en-US': 'Cancel the refund', 'id-ID': 'Batalkan pengembalian dana' })}
              description={
                <p>
                  {t({
                    'en-US': 'The credit stays held on the loan: the borrower still sees it.',
                    'id-ID': 'Saldo tetap tersimpan di pinjaman: peminjam masih melihatnya.',
                  })}
                </p>
              }
              onSubmit={async ({ reason }) => {
                await callApi(calls.cancelRefund, { reason }, { params: { id: row.id } });
                await refresh();
              }}
            />
          </Flex>
        ),
    },
  ];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Refunds', 'id-ID': 'Pengembalian dana' })}
      </Typography.Title>
      <ServerTable
        call={calls.listStaffRefunds}
        columns={columns}
        rowKey="id"
        tableProps={{ size: 'small' }}
        filters={[
          {
            name: 'state',
            type: 'select',
            label: { 'en-US': 'State', 'id-ID': 'Status' },
            options: [
              {
                value: 'awaiting_approval',
                label: { 'en-US': 'Waiting for approval', 'id-ID': 'Menunggu persetujuan' },
              },
              { value: 'failed', label: { 'en-US': 'Failed', 'id-ID': 'Gagal' } },
            ],
          },
        ]}
      />
    </>
  );
}
