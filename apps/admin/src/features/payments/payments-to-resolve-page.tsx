import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, Form, Input, Select, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { adminApprovalCalls } from '@kaskita/domain/contract/admin-approvals';
import { ReasonButton } from '../../components/reason-modal.tsx';
import { ServerTable } from '../../components/server-table.tsx';
import { callApi } from '../../lib/api-client.ts';
import { formatBusinessDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { REVIEW_REASON } from './review-reasons.ts';

const calls = adminApprovalCalls;
type ReviewPayment = Awaited<ReturnType<typeof callApi<typeof calls.listReviewPayments>>>['items'][number];
type Claim = Awaited<ReturnType<typeof callApi<typeof calls.listOpenClaims>>>['items'][number];

/** The three-working-day promise: the day, red once it has passed. */
function Deadline({ date, overdue }: { date: string; overdue: boolean }) {
  const { t, locale } = useI18n();
  return (
    <Flex gap={4} align="center" data-testid="deadline">
      {formatBusinessDate(date, locale)}
      {overdue && <Tag color="red">{t({ 'en-US': 'Overdue', 'id-ID': 'Lewat batas' })}</Tag>}
    </Flex>
  );
}

/**
 * "Mark for refund": a payment that belongs on no loan goes back to the borrower's bank once a second member approves.
 * Not offered for an unknown code's payment: nobody is known to send it to (the server refuses it too, 4343).
 */
function ReturnButton({ payment, onDone }: { payment: ReviewPayment; onDone(): Promise<unknown> }) {
  const { t } = useI18n();
  if (!payment.user_id)
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t({ 'en-US': 'Payer unknown: find them first', 'id-ID': 'Pembayar tidak diketahui: temukan dulu' })}
      </Typography.Text>
    );
  return (
    <ReasonButton
      label={t({ 'en-US': 'Return to payer', 'id-ID': 'Kembalikan ke pembayar' })}
      buttonProps={{ size: 'small' }}
      title={t({
        'en-US': 'Return this payment to its payer',
        'id-ID': 'Kembalikan pembayaran ini ke pembayarnya',
      })}
      description={
        <p>
          {t({
            'en-US': `${formatMoney(payment.amount)} will be sent back to the borrower's verified bank account once a second member with payment.resolve approves. The borrower gets an SMS when it arrives; it is listed and followed with the refunds.`,
            'id-ID': `${formatMoney(payment.amount)} akan dikirim kembali ke rekening bank terverifikasi peminjam setelah staf kedua dengan izin payment.resolve menyetujuinya. Peminjam menerima SMS saat dana tiba; dipantau bersama pengembalian dana lainnya.`,
          })}
        </p>
      }
      okText={t({ 'en-US': 'Ask for approval', 'id-ID': 'Minta persetujuan' })}
      onSubmit={async ({ reason }) => {
        await callApi(calls.requestPaymentReturn, { reason }, { params: { id: payment.payment_id } });
        await onDone();
      }}
    />
  );
}

function ReviewPayments() {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [calls.listReviewPayments.id] });
  const columns: ColumnsType<ReviewPayment> = [
    {
      key: 'deadline',
      dataIndex: 'deadline',
      title: t({ 'en-US': 'Answer by', 'id-ID': 'Batas jawaban' }),
      sorter: true,
      render: (_, row) => <Deadline date={row.deadline} overdue={row.overdue} />,
    },
    {
      key: 'paid_at',
      dataIndex: 'paid_at',
      title: t({ 'en-US': 'Paid at', 'id-ID': 'Dibayar' }),
      render: (value: string) => formatDateTime(value, locale),
    },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t({ 'en-US': 'Amount', 'id-ID': 'Jumlah' }),
      render: (value: number) => formatMoney(value),
    },
    {
      key: 'reason',
      title: t({ 'en-US': 'Why not applied', 'id-ID': 'Alasan belum diterapkan' }),
      render: (_, row) => {
        const label = REVIEW_REASON[row.review_reason as keyof typeof REVIEW_REASON];
        return label ? t(label) : (row.review_reason ?? '—');
      },
    },
    {
      key: 'channel',
      title: t({ 'en-US': 'Channel', 'id-ID': 'Kanal' }),
      render: (_, row) => row.channel_id ?? '—',
    },
    {
      key: 'order',
      title: t({ 'en-US': 'Loan of its code', 'id-ID': 'Pinjaman kodenya' }),
      render: (_, row) => row.order_id ?? '—',
    },
    {
      key: 'actions',
      title: t({ 'en-US': 'Actions', 'id-ID': 'Tindakan' }),
      render: (_, row) =>
        row.pending_request_id ? (
          <Tag color="gold">{t({ 'en-US': 'Waiting for approval', 'id-ID': 'Menunggu persetujuan' })}</Tag>
        ) : (
          <Flex gap={8} wrap>
            <ReasonButton<{ order_id: string }>
              label={t({ 'en-US': 'Apply to a loan', 'id-ID': 'Terapkan ke pinjaman' })}
              buttonProps={{ size: 'small', type: 'primary' }}
              title={t({
                'en-US': 'Apply this payment to a loan',
                'id-ID': 'Terapkan pembayaran ini ke pinjaman',
              })}
              description={
                <p>
                  {t({
                    'en-US': `${formatMoney(row.amount)} will be applied to the loan as a normal payment (bills, ledger, receipt SMS) once a second member with payment.resolve approves.`,
                    'id-ID': `${formatMoney(row.amount)} akan diterapkan ke pinjaman sebagai pembayaran biasa (tagihan, buku besar, SMS bukti) setelah staf kedua dengan izin payment.resolve menyetujuinya.`,
                  })}
                </p>
              }
              okText={t({ 'en-US': 'Ask for approval', 'id-ID': 'Minta persetujuan' })}
              onSubmit={async ({ order_id, reason }) => {
                await callApi(
                  calls.requestPaymentApply,
                  { order_id, reason },
                  { params: { id: row.payment_id } },
                );
                await refresh();
              }}
            >
              <Form.Item
                name="order_id"
                label={t({ 'en-US': 'Loan (order id)', 'id-ID': 'Pinjaman (ID pesanan)' })}
                initialValue={row.order_id ?? undefined}
                rules={[{ required: true, whitespace: true }]}
              >
                <Input />
              </Form.Item>
            </ReasonButton>
            <ReturnButton payment={row} onDone={refresh} />
          </Flex>
        ),
    },
  ];
  return (
    <ServerTable
      call={calls.listReviewPayments}
      columns={columns}
      rowKey="payment_id"
      tableProps={{ size: 'small' }}
    />
  );
}

/**
 * The applied payment that answers a claim, picked from the claimant's own (newest first, the likely ones first and
 * marked), never typed: a payment already answering another claim is shown but cannot be picked.
 */
function ClaimPaymentField({ claim }: { claim: Claim }) {
  const { t, locale } = useI18n();
  const offered = useQuery({
    queryKey: [calls.listClaimPayments.id, claim.claim_id],
    queryFn: () => callApi(calls.listClaimPayments, undefined, { params: { id: claim.claim_id } }),
  });
  const items = [...(offered.data?.items ?? [])].sort((a, b) => Number(b.likely) - Number(a.likely));
  const firstLikely = items.find((p) => p.likely && !p.answers_claim);
  const form = Form.useFormInstance<{ payment_id?: string }>();
  const suggested = claim.payment_id ?? firstLikely?.payment_id;
  // The list arrives after the dialog opens: the likely payment is picked then, unless staff picked one already.
  useEffect(() => {
    if (suggested && !form.getFieldValue('payment_id')) form.setFieldValue('payment_id', suggested);
  }, [form, suggested]);
  return (
    <Form.Item
      name="payment_id"
      label={t({ 'en-US': 'The applied payment that proves it', 'id-ID': 'Pembayaran yang membuktikannya' })}
      rules={[
        {
          required: true,
          message: t({ 'en-US': 'Pick the payment', 'id-ID': 'Pilih pembayarannya' }),
        },
      ]}
    >
      <Select
        loading={offered.isLoading}
        notFoundContent={t({
          'en-US': 'This borrower has no applied payment',
          'id-ID': 'Peminjam ini belum punya pembayaran yang diterapkan',
        })}
        options={items.map((p) => ({
          value: p.payment_id,
          disabled: p.answers_claim !== null,
          label: [
            formatMoney(p.amount),
            formatDateTime(p.paid_at, locale),
            p.channel_id ?? '—',
            p.likely ? t({ 'en-US': 'likely', 'id-ID': 'kemungkinan' }) : null,
            p.answers_claim
              ? t({ 'en-US': `answers ${p.answers_claim}`, 'id-ID': `menjawab ${p.answers_claim}` })
              : null,
          ]
            .filter(Boolean)
            .join(' · '),
        }))}
      />
    </Form.Item>
  );
}

function Claims() {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [calls.listOpenClaims.id] });
  const columns: ColumnsType<Claim> = [
    {
      key: 'deadline',
      dataIndex: 'deadline',
      title: t({ 'en-US': 'Answer by', 'id-ID': 'Batas jawaban' }),
      sorter: true,
      render: (_, row) => <Deadline date={row.deadline} overdue={row.overdue} />,
    },
    { key: 'case', dataIndex: 'case_number', title: t({ 'en-US': 'Case', 'id-ID': 'Kasus' }) },
    {
      key: 'status',
      dataIndex: 'status',
      title: t({ 'en-US': 'Status', 'id-ID': 'Status' }),
      render: (status: Claim['status']) =>
        status === 'matched' ? (
          <Tag color="blue">{t({ 'en-US': 'Payment found', 'id-ID': 'Pembayaran ditemukan' })}</Tag>
        ) : (
          <Tag>{t({ 'en-US': 'Open', 'id-ID': 'Terbuka' })}</Tag>
        ),
    },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t({ 'en-US': 'Amount', 'id-ID': 'Jumlah' }),
      render: (value: number) => formatMoney(value),
    },
    {
      key: 'paid_at',
      dataIndex: 'paid_at',
      title: t({ 'en-US': 'Paid at (borrower)', 'id-ID': 'Dibayar (peminjam)' }),
      render: (value: string) => formatDateTime(value, locale),
    },
    { key: 'channel', dataIndex: 'channel_id', title: t({ 'en-US': 'Channel', 'id-ID': 'Kanal' }) },
    {
      key: 'payment',
      title: t({ 'en-US': 'Payment found', 'id-ID': 'Pembayaran ditemukan' }),
      render: (_, row) => row.payment_id ?? '—',
    },
    {
      key: 'actions',
      title: t({ 'en-US': 'Actions', 'id-ID': 'Tindakan' }),
      render: (_, row) => (
        <Flex gap={8}>
          <ReasonButton<{ payment_id: string }>
            label={t({ 'en-US': 'Credit', 'id-ID': 'Kreditkan' })}
            buttonProps={{ size: 'small' }}
            title={t({
              'en-US': `Credit case ${row.case_number}`,
              'id-ID': `Kreditkan kasus ${row.case_number}`,
            })}
            description={
              <p>
                {t({
                  'en-US':
                    'The claim is answered by an applied payment of this borrower; they see it credited and get an SMS. A payment still waiting for review is applied first (Payments tab).',
                  'id-ID':
                    'Klaim dijawab dengan pembayaran peminjam ini yang sudah diterapkan; peminjam melihatnya dan menerima SMS. Pembayaran yang masih ditinjau diterapkan dulu (tab Pembayaran).',
                })}
              </p>
            }
            onSubmit={async ({ payment_id, reason }) => {
              await callApi(calls.creditClaim, { payment_id, reason }, { params: { id: row.claim_id } });
              await refresh();
            }}
          >
            <ClaimPaymentField claim={row} />
          </ReasonButton>
          <ReasonButton
            danger
            label={t({ 'en-US': 'Reject', 'id-ID': 'Tolak' })}
            buttonProps={{ size: 'small' }}
            title={t({
              'en-US': `Reject case ${row.case_number}`,
              'id-ID': `Tolak kasus ${row.case_number}`,
            })}
            description={
              <p>
                {t({
                  'en-US': 'The reason you type is the answer the borrower reads in the app and by SMS.',
                  'id-ID':
                    'Alasan yang Anda tulis adalah jawaban yang dibaca peminjam di aplikasi dan lewat SMS.',
                })}
              </p>
            }
            onSubmit={async ({ reason }) => {
              await callApi(calls.rejectClaim, { reason }, { params: { id: row.claim_id } });
              await refresh();
            }}
          />
        </Flex>
      ),
    },
  ];
  return (
    <ServerTable
      call={calls.listOpenClaims}
      columns={columns}
      rowKey="claim_id"
      tableProps={{ size: 'small' }}
    />
  );
}

/**
 * Payments to resolve (payment.resolve): payments received but not applied, and "paid but not credited?" claims,
 * each against the three-working-day promise, overdue first. Applying a payment asks a second member's approval.
 */
export default function PaymentsToResolvePage() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'claims' ? 'claims' : 'payments';
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Payments to resolve', 'id-ID': 'Pembayaran untuk diselesaikan' })}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        // Each tab is its own server-paged list: the page and order in the URL start afresh.
        onChange={(key) => setSearch(new URLSearchParams({ tab: key }))}
        destroyOnHidden
        items={[
          {
            key: 'payments',
            label: t({ 'en-US': 'Payments not applied', 'id-ID': 'Pembayaran belum diterapkan' }),
            children: <ReviewPayments />,
          },
          {
            key: 'claims',
            label: t({ 'en-US': 'Payment claims', 'id-ID': 'Klaim pembayaran' }),
            children: <Claims />,
          },
        ]}
      />
    </>
  );
}
