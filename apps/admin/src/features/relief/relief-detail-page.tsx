import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { adminReliefCalls, type AdminReliefDetail } from '@kaskita/domain/contract/admin-relief';
import { DetailTable, useDetailColumns } from '../../components/detail-table.tsx';
import { callApi } from '../../lib/api-client.ts';
import { formatBusinessDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { ReliefActions, type ReliefOffer } from './relief-actions.tsx';
import { AwaitingApprovalTag, awaitsApproval, ReliefStatusTag } from './relief-status.tsx';
import { useReliefTermsText } from './relief-terms-text.ts';

const calls = adminReliefCalls;

type PreviewBill = AdminReliefDetail['preview'][number];

/** The bills as what was asked (or the number typed in the offer) would change them: what the desk weighs. */
function PreviewTable({ relief }: { relief: AdminReliefDetail }) {
  const { t, locale } = useI18n();
  const termsText = useReliefTermsText();
  const columns = useDetailColumns<PreviewBill>();
  const previewed = termsText(relief.kind, relief.preview_days, relief.preview_extra);
  const asked = termsText(relief.kind, relief.days_asked, relief.extra_asked);
  const title =
    previewed === asked
      ? t({
          'en-US': `The bills if what was asked (${asked}) is given today`,
          'id-ID': `Tagihan jika permintaan (${asked}) diberikan hari ini`,
        })
      : t({
          'en-US': `The bills if ${previewed} is given today (the borrower asked for ${asked})`,
          'id-ID': `Tagihan jika ${previewed} diberikan hari ini (peminjam meminta ${asked})`,
        });
  const date = (value: string | null) =>
    value === null ? t({ 'en-US': 'new', 'id-ID': 'baru' }) : formatBusinessDate(value, locale);
  if (relief.preview.length === 0)
    return (
      <Alert
        type="info"
        showIcon
        data-testid="relief-no-preview"
        title={title}
        description={t({
          'en-US':
            'This cannot be given now: the loan has no unpaid bill, is no longer being repaid, its first bill is too far behind to be given a week ahead, or too little is left to spread so far.',
          'id-ID':
            'Ini tidak dapat diberikan saat ini: pinjaman tidak punya tagihan belum dibayar, tidak lagi dicicil, tagihan pertamanya terlalu lama menunggak untuk diberi waktu seminggu, atau sisa pinjaman terlalu kecil untuk dibagi sebanyak itu.',
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
          (bill) => `${date(bill.due_date_before)} → ${date(bill.due_date_after)}`,
        ),
        {
          // A bill the spread adds had nothing before.
          ...columns.computed('amount_before', { 'en-US': 'Before', 'id-ID': 'Sebelum' }, (bill) =>
            bill.due_date_before === null ? '—' : formatMoney(bill.amount_before),
          ),
          align: 'right',
        },
        { ...columns.money('amount', { 'en-US': 'After', 'id-ID': 'Sesudah' }), align: 'right' },
      ]}
    />
  );
}

function ReliefFacts({ relief: r }: { relief: AdminReliefDetail }) {
  const { t, locale } = useI18n();
  const termsText = useReliefTermsText();
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
      <Descriptions.Item label={t({ 'en-US': 'Asked', 'id-ID': 'Diminta' })}>
        <span data-testid="relief-asked">{termsText(r.kind, r.days_asked, r.extra_asked)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t({ 'en-US': 'Offered', 'id-ID': 'Ditawarkan' })}>
        {termsText(r.kind, r.days_offered, r.extra_offered)}
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

/** One relief request (relief.propose): who asks, why, what an offer would change, and the desk's answer. */
export default function ReliefDetailPage() {
  const { id = '' } = useParams();
  const { t } = useI18n();
  const queryClient = useQueryClient();
  // The number typed in the offer form: the preview follows it, so the desk sees the bills it would propose.
  const [offer, setOffer] = useState<ReliefOffer>({});
  const query = useQuery({
    queryKey: [calls.getReliefRequest.id, id, offer.days ?? null, offer.extra ?? null],
    queryFn: ({ signal }) => callApi(calls.getReliefRequest, offer, { params: { id }, signal }),
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
            <ReliefActions relief={r} onDone={refresh} onOfferChange={setOffer} />
          </>
        )}
      </Space>
    </>
  );
}
