import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { adminApprovalCalls } from '@kaskita/domain/contract/admin-approvals';
import { adminBookCalls, type LoanDetail } from '@kaskita/domain/contract/admin-book';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { useCan } from '../../app/permission-tree.ts';
import { DetailTable, useDetailColumns } from '../../components/detail-table.tsx';
import { ReasonButton } from '../../components/reason-modal.tsx';
import { callApi } from '../../lib/api-client.ts';
import { formatBusinessDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';

const money = (value: number) => formatMoney(value);

const DUE = { 'en-US': 'Due', 'id-ID': 'Jatuh tempo' };
const PRINCIPAL = { 'en-US': 'Principal', 'id-ID': 'Pokok' };
const INTEREST = { 'en-US': 'Interest', 'id-ID': 'Bunga' };
const FEE = { 'en-US': 'Fee', 'id-ID': 'Biaya' };
const AMOUNT = { 'en-US': 'Amount', 'id-ID': 'Jumlah' };
const STATE = { 'en-US': 'State', 'id-ID': 'Status' };

type Row<K extends keyof LoanDetail> = LoanDetail[K] extends (infer R)[] ? R : never;

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
  const schedule = useDetailColumns<Row<'schedule'>>();
  const bills = useDetailColumns<Row<'bills'>>();
  const payments = useDetailColumns<Row<'payments'>>();
  const refunds = useDetailColumns<Row<'refunds'>>();
  const history = useDetailColumns<Row<'history'>>();
  const ledger = useDetailColumns<Row<'ledger'>>();
  const canWriteOff = useCan(PERMISSIONS.writeOff);
  const [asked, setAsked] = useState(false);

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
        {d && canWriteOff && d.loan.state === 'overdue' && (
          <Space>
            <ReasonButton
              danger
              label={t({ 'en-US': 'Ask to write off', 'id-ID': 'Minta hapus buku' })}
              title={t({ 'en-US': 'Write off this loan', 'id-ID': 'Hapus buku pinjaman ini' })}
              description={
                <Typography.Paragraph>
                  {t({
                    'en-US':
                      'Its unpaid bills are written off as a loss once a second member holding the write-off permission approves it in Approvals.',
                    'id-ID':
                      'Tagihan yang belum dibayar dihapusbukukan sebagai kerugian setelah staf lain yang berwenang menyetujuinya di Persetujuan.',
                  })}
                </Typography.Paragraph>
              }
              onSubmit={async ({ reason }) => {
                await callApi(adminApprovalCalls.requestWriteOff, { reason }, { params: { id } });
                setAsked(true);
              }}
            />
            {asked && (
              <Typography.Text data-testid="write-off-asked">
                {t({
                  'en-US': "Asked: waiting for a second member's approval",
                  'id-ID': 'Diminta: menunggu persetujuan staf lain',
                })}
              </Typography.Text>
            )}
          </Space>
        )}
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
            <DetailTable
              title={t({ 'en-US': 'Schedule as accepted', 'id-ID': 'Jadwal yang disetujui' })}
              rowKey="number"
              dataSource={d.schedule}
              columns={[
                schedule.text('number', '#'),
                schedule.date('due_date', DUE),
                schedule.money('principal', PRINCIPAL),
                schedule.money('interest', INTEREST),
                schedule.money('fee', FEE),
                schedule.money('total', 'Total'),
              ]}
            />
            <DetailTable
              title={t({ 'en-US': 'Bills', 'id-ID': 'Tagihan' })}
              rowKey="number"
              dataSource={d.bills}
              columns={[
                bills.text('number', '#'),
                bills.date('due_date', DUE),
                bills.money('principal', PRINCIPAL),
                bills.money('interest', INTEREST),
                bills.money('fee', FEE),
                bills.money('late_fee', { 'en-US': 'Late fee', 'id-ID': 'Denda' }),
                bills.money('paid', { 'en-US': 'Paid', 'id-ID': 'Dibayar' }),
                bills.text('state', STATE),
              ]}
            />
            <DetailTable
              title={t({ 'en-US': 'Payments', 'id-ID': 'Pembayaran' })}
              rowKey="id"
              dataSource={d.payments}
              columns={[
                payments.dateTime('paid_at', { 'en-US': 'Paid at', 'id-ID': 'Dibayar pada' }),
                payments.computed(
                  'channel',
                  { 'en-US': 'Channel', 'id-ID': 'Kanal' },
                  (p) => `${p.provider} · ${p.channel_id ?? '—'}`,
                ),
                payments.money('amount', AMOUNT),
                payments.text('status', { 'en-US': 'Status', 'id-ID': 'Status' }),
                payments.money('credit_applied', { 'en-US': 'Credit used', 'id-ID': 'Saldo dipakai' }),
                payments.money('credit_added', { 'en-US': 'Credit held', 'id-ID': 'Kelebihan' }),
              ]}
            />
            <DetailTable
              title={t({ 'en-US': 'Refunds', 'id-ID': 'Pengembalian dana' })}
              rowKey="id"
              dataSource={d.refunds}
              columns={[
                refunds.dateTime('created_at', { 'en-US': 'Created', 'id-ID': 'Dibuat' }),
                refunds.money('amount', AMOUNT),
                refunds.text('state', STATE),
                refunds.dateTime('completed_at', { 'en-US': 'Completed', 'id-ID': 'Selesai' }),
              ]}
            />
            <DetailTable
              title={t({ 'en-US': 'State history (commands)', 'id-ID': 'Riwayat status (perintah)' })}
              rowKey={(h) => `${h.at}-${h.command}`}
              dataSource={d.history}
              columns={[
                history.dateTime('at', { 'en-US': 'When', 'id-ID': 'Waktu' }),
                history.text('command', { 'en-US': 'Command', 'id-ID': 'Perintah' }),
                history.text('actor_kind', { 'en-US': 'Who', 'id-ID': 'Pelaku' }),
                history.computed(
                  'states',
                  STATE,
                  (h) => `${h.state_before ?? '—'} → ${h.state_after ?? '—'}`,
                ),
                history.text('reason', { 'en-US': 'Reason', 'id-ID': 'Alasan' }),
              ]}
            />
            <DetailTable
              title={t({ 'en-US': 'Ledger', 'id-ID': 'Buku besar' })}
              rowKey="entry_id"
              dataSource={d.ledger}
              columns={[
                ledger.date('business_date', { 'en-US': 'Date', 'id-ID': 'Tanggal' }),
                ledger.text('movement', { 'en-US': 'Movement', 'id-ID': 'Mutasi' }),
                ledger.computed('lines', { 'en-US': 'Lines', 'id-ID': 'Baris' }, (e) =>
                  e.lines.map((l) => `${l.side} ${l.account} ${money(l.amount)}`).join('; '),
                ),
              ]}
            />
          </>
        )}
      </Space>
    </>
  );
}
