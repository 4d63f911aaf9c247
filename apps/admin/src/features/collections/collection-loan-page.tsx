import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, DatePicker, Descriptions, Form, InputNumber, Space, Table, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { adminApprovalCalls } from '@kaskita/domain/contract/admin-approvals';
import { adminCollectionCalls, type CollectionLoanView } from '@kaskita/domain/contract/admin-collections';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { useCan } from '../../app/permission-tree.ts';
import { ReasonButton } from '../../components/reason-modal.tsx';
import { callApi } from '../../lib/api-client.ts';
import { formatBusinessDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { ContactForm } from './contact-form.tsx';
import { borrowerTime } from './contact-time.ts';
import { PromiseTag } from './promise-tag.tsx';

/**
 * One overdue loan for a collector: what is owed, the contact log, the promises (a broken one stays), the form to
 * record a contact, a promise to pay, and a late-fee waiver request (the approvals' maker-checker).
 */
export default function CollectionLoanPage() {
  const { id = '' } = useParams();
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const canContact = useCan(PERMISSIONS.collectionContact);
  const canWaive = useCan(PERMISSIONS.waiveLateFees);
  const loan = useQuery({
    queryKey: [adminCollectionCalls.getCollectionLoan.id, id],
    queryFn: ({ signal }) =>
      callApi(adminCollectionCalls.getCollectionLoan, undefined, { params: { id }, signal }),
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [adminCollectionCalls.getCollectionLoan.id] }),
      queryClient.invalidateQueries({ queryKey: [adminCollectionCalls.listCollectionQueue.id] }),
    ]);
  const view: CollectionLoanView | undefined = loan.data;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Collection', 'id-ID': 'Penagihan' })}
      </Typography.Title>
      {loan.error && <Alert type="error" showIcon title={loan.error.message} />}
      {view && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={t({ 'en-US': 'Borrower', 'id-ID': 'Peminjam' })}>
              {`${view.borrower.name_masked ?? '—'} · ${view.borrower.phone_masked}`}
            </Descriptions.Item>
            <Descriptions.Item label={t({ 'en-US': 'Loan', 'id-ID': 'Pinjaman' })}>
              <Link to={`/loans/${view.loan_id}`}>{view.loan_id}</Link>
            </Descriptions.Item>
            <Descriptions.Item label="DPD">{`${view.dpd} (${view.dpd_bucket})`}</Descriptions.Item>
            <Descriptions.Item label={t({ 'en-US': 'Overdue', 'id-ID': 'Terlambat' })}>
              {formatMoney(view.amount_overdue)}
            </Descriptions.Item>
            <Descriptions.Item label={t({ 'en-US': 'Late fees', 'id-ID': 'Denda' })}>
              {formatMoney(view.late_fees)}
            </Descriptions.Item>
            <Descriptions.Item label={t({ 'en-US': 'Promise to pay', 'id-ID': 'Janji bayar' })}>
              {view.promise ? (
                <>
                  {`${formatBusinessDate(view.promise.promised_date, locale)} · ${formatMoney(view.promise.amount)} `}
                  <PromiseTag state={view.promise.state} />
                </>
              ) : (
                '—'
              )}
            </Descriptions.Item>
          </Descriptions>
          <Space wrap>
            {canContact && (
              <ReasonButton<{ promised_date: { format(pattern: string): string }; amount: number }>
                label={t({ 'en-US': 'Record a promise to pay', 'id-ID': 'Catat janji bayar' })}
                title={t({ 'en-US': 'Promise to pay', 'id-ID': 'Janji bayar' })}
                description={
                  <p>
                    {t({
                      'en-US': 'No overdue SMS goes to the borrower until this date has passed unpaid.',
                      'id-ID':
                        'Tidak ada SMS keterlambatan ke peminjam sampai tanggal ini lewat tanpa pembayaran.',
                    })}
                  </p>
                }
                onSubmit={async ({ promised_date, amount, reason }) => {
                  await callApi(
                    adminCollectionCalls.recordPromiseToPay,
                    { promised_date: promised_date.format('YYYY-MM-DD'), amount, reason },
                    { params: { id } },
                  );
                  await refresh();
                }}
              >
                <Form.Item
                  name="promised_date"
                  label={t({ 'en-US': 'Promised date', 'id-ID': 'Tanggal janji' })}
                  rules={[{ required: true }]}
                >
                  <DatePicker />
                </Form.Item>
                <Form.Item
                  name="amount"
                  label={t({ 'en-US': 'Amount (Rp)', 'id-ID': 'Jumlah (Rp)' })}
                  rules={[{ required: true }]}
                >
                  <InputNumber min={1} step={1000} style={{ width: 200 }} />
                </Form.Item>
              </ReasonButton>
            )}
            {canWaive && view.late_fees > 0 && (
              <ReasonButton
                label={t({ 'en-US': 'Ask to waive late fees', 'id-ID': 'Minta penghapusan denda' })}
                title={t({ 'en-US': 'Waive late fees', 'id-ID': 'Hapus denda' })}
                description={
                  <p>
                    {t({
                      'en-US': `All late fees (${formatMoney(view.late_fees)}) are waived once a second member approves.`,
                      'id-ID': `Semua denda (${formatMoney(view.late_fees)}) dihapus setelah disetujui staf lain.`,
                    })}
                  </p>
                }
                onSubmit={async ({ reason }) => {
                  await callApi(adminApprovalCalls.requestLateFeeWaiver, { reason }, { params: { id } });
                }}
              />
            )}
          </Space>
          {view.disputed_since && (
            <Alert
              type="warning"
              showIcon
              data-testid="loan-disputed"
              message={t({
                'en-US': `Under dispute since ${formatBusinessDate(view.disputed_since, locale)}: the borrower contests this loan or a payment. No late fee accrues and no one contacts them until the complaints desk answers.`,
                'id-ID': `Disanggah sejak ${formatBusinessDate(view.disputed_since, locale)}: peminjam menyanggah pinjaman atau pembayaran ini. Tidak ada denda dan tidak ada penagihan sampai laporannya dijawab.`,
              })}
            />
          )}
          {canContact && !view.disputed_since && (
            <Card
              title={
                <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
                  {t({ 'en-US': 'Record a contact', 'id-ID': 'Catat kontak' })}
                </Typography.Title>
              }
            >
              <ContactForm
                loanId={id}
                nextAllowedAt={view.next_allowed_contact_at}
                mayContactNow={view.may_contact_now}
                zones={view.time_zones}
                onRecorded={refresh}
              />
            </Card>
          )}
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            {t({ 'en-US': 'Contact log', 'id-ID': 'Log kontak' })}
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={view.contacts}
            columns={[
              {
                key: 'contacted_at',
                title: t({ 'en-US': 'When (borrower time)', 'id-ID': 'Waktu (waktu peminjam)' }),
                render: (_, c) => borrowerTime(c.contacted_at, view.time_zones, locale),
              },
              { key: 'channel', dataIndex: 'channel', title: t({ 'en-US': 'Channel', 'id-ID': 'Saluran' }) },
              { key: 'outcome', dataIndex: 'outcome', title: t({ 'en-US': 'Outcome', 'id-ID': 'Hasil' }) },
              { key: 'note', dataIndex: 'note', title: t({ 'en-US': 'Note', 'id-ID': 'Catatan' }) },
              { key: 'staff_id', dataIndex: 'staff_id', title: t({ 'en-US': 'Staff', 'id-ID': 'Staf' }) },
            ]}
          />
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            {t({ 'en-US': 'Promises to pay', 'id-ID': 'Janji bayar' })}
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={view.promises}
            columns={[
              {
                key: 'promised_date',
                title: t({ 'en-US': 'Date', 'id-ID': 'Tanggal' }),
                render: (_, p) => formatBusinessDate(p.promised_date, locale),
              },
              {
                key: 'amount',
                title: t({ 'en-US': 'Amount', 'id-ID': 'Jumlah' }),
                render: (_, p) => formatMoney(p.amount),
              },
              {
                key: 'paid',
                title: t({ 'en-US': 'Paid by then', 'id-ID': 'Dibayar' }),
                render: (_, p) => formatMoney(p.paid),
              },
              {
                key: 'state',
                title: t({ 'en-US': 'State', 'id-ID': 'Status' }),
                render: (_, p) => <PromiseTag state={p.state} />,
              },
              {
                key: 'recorded_at',
                title: t({ 'en-US': 'Recorded', 'id-ID': 'Dicatat' }),
                render: (_, p) => formatDateTime(p.recorded_at, locale),
              },
            ]}
          />
        </Space>
      )}
    </>
  );
}
