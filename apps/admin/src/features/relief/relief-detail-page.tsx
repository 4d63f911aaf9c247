import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { adminReliefCalls, type AdminReliefDetail } from '@kaskita/domain/contract/admin-relief';
import { DetailTable, useDetailColumns } from '../../components/detail-table.tsx';
import { callApi } from '../../lib/api-client.ts';
import { formatBusinessDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { ReliefActions } from './relief-actions.tsx';
import { AwaitingApprovalTag, awaitsApproval, ReliefStatusTag } from './relief-status.tsx';

const calls = adminReliefCalls;

type PreviewBill = AdminReliefDetail['preview'][number];

/** The bills as the days asked would move them: what the desk weighs before offering. */
function PreviewTable({ relief }: { relief: AdminReliefDetail }) {
  const { t, locale } = useI18n();
  const columns = useDetailColumns<PreviewBill>();
  const days = relief.preview_days;
  const title =
    days === relief.days_asked
      ? t({
          'en-US': `The bills if the ${days} days asked are given today`,
          'id-ID': `Tagihan jika ${days} hari yang diminta diberikan hari ini`,
        })
      : t({
          'en-US': `The bills if ${days} days are given today (the borrower asked for ${relief.days_asked})`,
          'id-ID': `Tagihan jika ${days} hari diberikan hari ini (peminjam meminta ${relief.days_asked})`,
        });
  if (relief.preview.length === 0)
    return (
      <Alert
        type="info"
        showIcon
        data-testid="relief-no-preview"
        title={title}
        description={t({
          'en-US':
            'These days cannot move the bills now: the loan has no unpaid bill, is no longer being repaid, or its first bill would be due within a week.',
          'id-ID':
            'Hari ini tidak dapat memundurkan tagihan saat ini: pinjaman tidak punya tagihan belum dibayar, tidak lagi dicicil, atau tagihan pertamanya jatuh tempo dalam seminggu.',
        })}
      />
    );
  return (
    <DetailTable<PreviewBill>
      title={title}
      rowKey="number"
      dataSource={relief.preview}
      columns={[
        columns.text('number', { 'en-US': 'Bill', 'id-ID': 'Tagihan ke-' }),
        columns.computed(
          'due',
          { 'en-US': 'Due date', 'id-ID': 'Jatuh tempo' },
          (bill) =>
            `${formatBusinessDate(bill.due_date_before, locale)} → ${formatBusinessDate(bill.due_date_after, locale)}`,
        ),
        { ...columns.money('amount', { 'en-US': 'Amount', 'id-ID': 'Jumlah' }), align: 'right' },
      ]}
    />
  );
}

function ReliefFacts({ relief: r }: { relief: AdminReliefDetail }) {
  const { t, locale } = useI18n();
  const date = (value: string | null) => (value ? formatBusinessDate(value, locale) : '—');
  const when = (value: string | null) => (value ? formatDateTime(value, locale) : '—');
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
      <Descriptions.Item label={t({ 'en-US': 'Status', 'id-ID': 'Status' })}>
        <ReliefStatusTag status={r.status} /> {awaitsApproval(r) && <AwaitingApprovalTag />}
      </Descriptions.Item>
      <Descriptions.Item label={t({ 'en-US': 'Asked at', 'id-ID': 'Diajukan' })}>
        {when(r.asked_at)}
      </Descriptions.Item>
      <Descriptions.Item label={t({ 'en-US': 'Borrower', 'id-ID': 'Peminjam' })}>
        <Link to={`/borrowers/${r.borrower.id}`} data-testid="relief-borrower">
          {`${r.borrower.name_masked ?? '—'} · ${r.borrower.phone_masked}`}
        </Link>{' '}
        {r.borrower.blocked && <Tag color="red">{t({ 'en-US': 'Blocked', 'id-ID': 'Diblokir' })}</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label="NIK">{r.borrower.nik_masked ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t({ 'en-US': 'Loan', 'id-ID': 'Pinjaman' })}>
        <Link to={`/loans/${r.order_id}`}>{r.order_id}</Link> · {r.loan_state}
      </Descriptions.Item>
      <Descriptions.Item label="DPD">{r.days_past_due}</Descriptions.Item>
      <Descriptions.Item label={t({ 'en-US': 'Outstanding', 'id-ID': 'Sisa utang' })}>
        {formatMoney(r.outstanding)}
      </Descriptions.Item>
      <Descriptions.Item label={t({ 'en-US': 'Late fees (stay owed)', 'id-ID': 'Denda (tetap terutang)' })}>
        {formatMoney(r.late_fees)}
      </Descriptions.Item>
      <Descriptions.Item label={t({ 'en-US': 'Next due date', 'id-ID': 'Jatuh tempo berikut' })}>
        {date(r.next_due_date)}
      </Descriptions.Item>
      <Descriptions.Item label={t({ 'en-US': 'Days asked', 'id-ID': 'Hari diminta' })}>
        {r.days_asked}
      </Descriptions.Item>
      <Descriptions.Item label={t({ 'en-US': 'Days offered', 'id-ID': 'Hari ditawarkan' })}>
        {r.days_offered ?? '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t({ 'en-US': 'Decided at', 'id-ID': 'Diputuskan' })}>
        {when(r.decided_at)}
      </Descriptions.Item>
      <Descriptions.Item label={t({ 'en-US': 'Accepted by the borrower', 'id-ID': 'Diterima peminjam' })}>
        {when(r.accepted_at)}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** One relief request (relief.propose): who asks, why, what the days would move, and the desk's answer. */
export default function ReliefDetailPage() {
  const { id = '' } = useParams();
  const { t } = useI18n();
  const queryClient = useQueryClient();
  // The days typed in the offer form: the preview follows them, so the desk sees the dates it would propose.
  const [days, setDays] = useState<number | undefined>(undefined);
  const query = useQuery({
    queryKey: [calls.getReliefRequest.id, id, days ?? null],
    queryFn: ({ signal }) =>
      callApi(calls.getReliefRequest, days === undefined ? {} : { days }, { params: { id }, signal }),
    placeholderData: keepPreviousData,
  });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: [calls.getReliefRequest.id, id] });
    await queryClient.invalidateQueries({ queryKey: [calls.listReliefs.id] });
  };
  const r = query.data;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Relief request', 'id-ID': 'Pengajuan keringanan' })}
        {r ? ` · ${r.order_id}` : ''}
      </Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Link to="/relief">
          {t({ 'en-US': 'Back to relief requests', 'id-ID': 'Kembali ke pengajuan keringanan' })}
        </Link>
        {query.error && <Alert type="error" showIcon title={query.error.message} />}
        {r && (
          <>
            {awaitsApproval(r) && (
              <Alert
                type="warning"
                showIcon
                title={t({
                  'en-US': 'An offer waits for a second member’s approval.',
                  'id-ID': 'Penawaran menunggu persetujuan staf lain.',
                })}
                description={
                  <Link to="/approvals">{t({ 'en-US': 'Open Approvals', 'id-ID': 'Buka Persetujuan' })}</Link>
                }
              />
            )}
            <ReliefFacts relief={r} />
            <Card
              title={
                <h2 style={{ fontSize: 16, margin: 0 }}>
                  {t({ 'en-US': 'The borrower’s reason', 'id-ID': 'Alasan peminjam' })}
                </h2>
              }
            >
              <Typography.Paragraph
                style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
                data-testid="relief-reason"
              >
                {r.reason}
              </Typography.Paragraph>
            </Card>
            {r.answer && (
              <Card
                title={
                  <h2 style={{ fontSize: 16, margin: 0 }}>
                    {t({ 'en-US': 'Answer to the borrower', 'id-ID': 'Jawaban untuk peminjam' })}
                  </h2>
                }
              >
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                  {r.answer}
                </Typography.Paragraph>
              </Card>
            )}
            <PreviewTable relief={r} />
            <ReliefActions relief={r} onDone={refresh} onDaysChange={setDays} />
          </>
        )}
      </Space>
    </>
  );
}
