import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Space, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { adminBookCalls, type LoanDetail } from '@kaskita/domain/contract/admin-book';
import { callApi } from '../../lib/api-client.ts';
import { formatBusinessDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';

const money = (value: number) => formatMoney(value);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>}>{children}</Card>;
}

/** One loan of the book (loan.read): its terms, schedule, bills, ledger, payments, refunds and the commands on it. */
export default function LoanPage() {
  const { id = '' } = useParams();
  const { t, locale } = useI18n();
  const query = useQuery({
    queryKey: [adminBookCalls.getLoanDetail.id, id, locale],
    queryFn: ({ signal }) => callApi(adminBookCalls.getLoanDetail, undefined, { params: { id }, signal }),
  });
  const d: LoanDetail | undefined = query.data;
  const date = (value: string | null) => (value ? formatBusinessDate(value, locale) : '—');

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Loan', 'id-ID': 'Pinjaman' })} {id}
      </Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Link to="/loans">
          {t({ 'en-US': 'Back to the loan book', 'id-ID': 'Kembali ke buku pinjaman' })}
        </Link>
        {query.error && <Alert type="error" showIcon title={query.error.message} />}
        {d && (
          <>
            <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
              <Descriptions.Item label={t({ 'en-US': 'Borrower', 'id-ID': 'Peminjam' })}>
                {`${d.loan.borrower_name ?? '—'} · ${d.loan.borrower_phone}`}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'State', 'id-ID': 'Status' })}>
                {d.loan.state}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Product', 'id-ID': 'Produk' })}>
                {d.loan.product_id}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Principal', 'id-ID': 'Pokok' })}>
                {money(d.loan.amount)}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Received', 'id-ID': 'Diterima' })}>
                {money(d.loan.amount_received)}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Principal owed', 'id-ID': 'Sisa pokok' })}>
                {money(d.loan.principal_outstanding)}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Disbursed', 'id-ID': 'Dicairkan' })}>
                {date(d.loan.disbursed_on)}
              </Descriptions.Item>
              <Descriptions.Item label="DPD">
                {d.loan.dpd_bucket ? `${d.loan.dpd} (${d.loan.dpd_bucket})` : '0'}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Next due', 'id-ID': 'Jatuh tempo berikut' })}>
                {date(d.loan.next_due_date)}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Accepted', 'id-ID': 'Disetujui peminjam' })}>
                {`${formatDateTime(d.loan.accepted_at, locale)} · ${d.loan.agreement_version}`}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Accrued through', 'id-ID': 'Akrual sampai' })}>
                {date(d.loan.accrued_through)}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Credit held', 'id-ID': 'Saldo kelebihan bayar' })}>
                {money(d.held_credit)}
              </Descriptions.Item>
            </Descriptions>
            <Section title={t({ 'en-US': 'Schedule as accepted', 'id-ID': 'Jadwal yang disetujui' })}>
              <Table
                size="small"
                pagination={false}
                rowKey="number"
                dataSource={d.schedule}
                columns={[
                  { key: 'number', dataIndex: 'number', title: '#' },
                  {
                    key: 'due',
                    dataIndex: 'due_date',
                    title: t({ 'en-US': 'Due', 'id-ID': 'Jatuh tempo' }),
                    render: date,
                  },
                  {
                    key: 'principal',
                    dataIndex: 'principal',
                    title: t({ 'en-US': 'Principal', 'id-ID': 'Pokok' }),
                    render: money,
                  },
                  {
                    key: 'interest',
                    dataIndex: 'interest',
                    title: t({ 'en-US': 'Interest', 'id-ID': 'Bunga' }),
                    render: money,
                  },
                  {
                    key: 'fee',
                    dataIndex: 'fee',
                    title: t({ 'en-US': 'Fee', 'id-ID': 'Biaya' }),
                    render: money,
                  },
                  { key: 'total', dataIndex: 'total', title: 'Total', render: money },
                ]}
              />
            </Section>
            <Section title={t({ 'en-US': 'Bills', 'id-ID': 'Tagihan' })}>
              <Table
                size="small"
                pagination={false}
                rowKey="number"
                dataSource={d.bills}
                columns={[
                  { key: 'number', dataIndex: 'number', title: '#' },
                  {
                    key: 'due',
                    dataIndex: 'due_date',
                    title: t({ 'en-US': 'Due', 'id-ID': 'Jatuh tempo' }),
                    render: date,
                  },
                  {
                    key: 'principal',
                    dataIndex: 'principal',
                    title: t({ 'en-US': 'Principal', 'id-ID': 'Pokok' }),
                    render: money,
                  },
                  {
                    key: 'interest',
                    dataIndex: 'interest',
                    title: t({ 'en-US': 'Interest', 'id-ID': 'Bunga' }),
                    render: money,
                  },
                  {
                    key: 'fee',
                    dataIndex: 'fee',
                    title: t({ 'en-US': 'Fee', 'id-ID': 'Biaya' }),
                    render: money,
                  },
                  {
                    key: 'late',
                    dataIndex: 'late_fee',
                    title: t({ 'en-US': 'Late fee', 'id-ID': 'Denda' }),
                    render: money,
                  },
                  {
                    key: 'paid',
                    dataIndex: 'paid',
                    title: t({ 'en-US': 'Paid', 'id-ID': 'Dibayar' }),
                    render: money,
                  },
                  { key: 'state', dataIndex: 'state', title: t({ 'en-US': 'State', 'id-ID': 'Status' }) },
                ]}
              />
            </Section>
            <Section title={t({ 'en-US': 'Payments', 'id-ID': 'Pembayaran' })}>
              <Table
                size="small"
                pagination={false}
                rowKey="id"
                dataSource={d.payments}
                columns={[
                  {
                    key: 'at',
                    dataIndex: 'paid_at',
                    title: t({ 'en-US': 'Paid at', 'id-ID': 'Dibayar pada' }),
                    render: (v: string) => formatDateTime(v, locale),
                  },
                  {
                    key: 'channel',
                    title: t({ 'en-US': 'Channel', 'id-ID': 'Kanal' }),
                    render: (_, p) => `${p.provider} · ${p.channel_id ?? '—'}`,
                  },
                  {
                    key: 'amount',
                    dataIndex: 'amount',
                    title: t({ 'en-US': 'Amount', 'id-ID': 'Jumlah' }),
                    render: money,
                  },
                  { key: 'status', dataIndex: 'status', title: t({ 'en-US': 'Status', 'id-ID': 'Status' }) },
                  {
                    key: 'credit',
                    dataIndex: 'credit_added',
                    title: t({ 'en-US': 'Credit held', 'id-ID': 'Kelebihan' }),
                    render: money,
                  },
                ]}
              />
            </Section>
            <Section title={t({ 'en-US': 'Refunds', 'id-ID': 'Pengembalian dana' })}>
              <Table
                size="small"
                pagination={false}
                rowKey="id"
                dataSource={d.refunds}
                columns={[
                  {
                    key: 'at',
                    dataIndex: 'created_at',
                    title: t({ 'en-US': 'Created', 'id-ID': 'Dibuat' }),
                    render: (v: string) => formatDateTime(v, locale),
                  },
                  {
                    key: 'amount',
                    dataIndex: 'amount',
                    title: t({ 'en-US': 'Amount', 'id-ID': 'Jumlah' }),
                    render: money,
                  },
                  { key: 'state', dataIndex: 'state', title: t({ 'en-US': 'State', 'id-ID': 'Status' }) },
                  {
                    key: 'done',
                    dataIndex: 'completed_at',
                    title: t({ 'en-US': 'Completed', 'id-ID': 'Selesai' }),
                    render: (v: string | null) => (v ? formatDateTime(v, locale) : '—'),
                  },
                ]}
              />
            </Section>
            <Section title={t({ 'en-US': 'State history (commands)', 'id-ID': 'Riwayat status (perintah)' })}>
              <Table
                size="small"
                pagination={false}
                rowKey={(h) => `${h.at}-${h.command}`}
                dataSource={d.history}
                columns={[
                  {
                    key: 'at',
                    dataIndex: 'at',
                    title: t({ 'en-US': 'When', 'id-ID': 'Waktu' }),
                    render: (v: string) => formatDateTime(v, locale),
                  },
                  {
                    key: 'command',
                    dataIndex: 'command',
                    title: t({ 'en-US': 'Command', 'id-ID': 'Perintah' }),
                  },
                  { key: 'actor', dataIndex: 'actor_kind', title: t({ 'en-US': 'Who', 'id-ID': 'Pelaku' }) },
                  {
                    key: 'states',
                    title: t({ 'en-US': 'State', 'id-ID': 'Status' }),
                    render: (_, h) => `${h.state_before ?? '—'} → ${h.state_after ?? '—'}`,
                  },
                  {
                    key: 'reason',
                    dataIndex: 'reason',
                    title: t({ 'en-US': 'Reason', 'id-ID': 'Alasan' }),
                    render: (v: string | null) => v ?? '—',
                  },
                ]}
              />
            </Section>
            <Section title={t({ 'en-US': 'Ledger', 'id-ID': 'Buku besar' })}>
              <Table
                size="small"
                pagination={false}
                rowKey="entry_id"
                dataSource={d.ledger}
                columns={[
                  {
                    key: 'date',
                    dataIndex: 'business_date',
                    title: t({ 'en-US': 'Date', 'id-ID': 'Tanggal' }),
                    render: date,
                  },
                  {
                    key: 'movement',
                    dataIndex: 'movement',
                    title: t({ 'en-US': 'Movement', 'id-ID': 'Mutasi' }),
                  },
                  {
                    key: 'lines',
                    title: t({ 'en-US': 'Lines', 'id-ID': 'Baris' }),
                    render: (_, e) =>
                      e.lines.map((l) => `${l.side} ${l.account} ${money(l.amount)}`).join('; '),
                  },
                ]}
              />
            </Section>
          </>
        )}
      </Space>
    </>
  );
}
