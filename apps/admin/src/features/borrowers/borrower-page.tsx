import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Flex, Tabs, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import {
  adminBorrowerCalls,
  type BorrowerDetail,
  type PiiField,
} from '@kaskita/domain/contract/admin-borrowers';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { useCan } from '../../app/permission-tree.ts';
import { DetailTable, useDetailColumns } from '../../components/detail-table.tsx';
import { MaskedValue } from '../../components/masked-value.tsx';
import { ReasonButton } from '../../components/reason-modal.tsx';
import { callApi } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';

const AMOUNT = { 'en-US': 'Amount', 'id-ID': 'Jumlah' };
const STATE = { 'en-US': 'State', 'id-ID': 'Status' };

type Row<K extends keyof BorrowerDetail> = BorrowerDetail[K] extends (infer R)[] ? R : never;

/** A borrower's record (loan.read): masked identity with audited reveals, their history, and blocking the account. */
export default function BorrowerPage() {
  const { id = '' } = useParams();
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const canBlock = useCan(PERMISSIONS.borrowerBlock);
  const detail = useQuery({
    queryKey: [adminBorrowerCalls.getBorrower.id, id],
    queryFn: ({ signal }) => callApi(adminBorrowerCalls.getBorrower, undefined, { params: { id }, signal }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [adminBorrowerCalls.getBorrower.id, id] });
  const applications = useDetailColumns<Row<'applications'>>();
  const loans = useDetailColumns<Row<'loans'>>();
  const payments = useDetailColumns<Row<'payments'>>();
  const messages = useDetailColumns<Row<'messages'>>();
  const consents = useDetailColumns<Row<'consents'>>();
  const claims = useDetailColumns<Row<'claims'>>();
  const feedback = useDetailColumns<Row<'feedback'>>();
  const reveal = (field: PiiField) => async (reason: string) =>
    (await callApi(adminBorrowerCalls.revealBorrowerPii, { field, reason }, { params: { id } })).text ?? '—';

  if (detail.isError) return <Alert type="error" showIcon title={detail.error.message} />;
  if (!detail.data) return null;
  const d = detail.data;
  const when = (iso: string | null) => formatDateTime(iso, locale);

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t({ 'en-US': 'Borrower', 'id-ID': 'Peminjam' })}
        </Typography.Title>
        {canBlock &&
          (d.blocked_at ? (
            <ReasonButton
              label={t({ 'en-US': 'Unblock', 'id-ID': 'Buka blokir' })}
              title={t({ 'en-US': 'Unblock the account', 'id-ID': 'Buka blokir akun' })}
              description={
                <Typography.Paragraph>
                  {t({
                    'en-US': 'The borrower may sign in and borrow again.',
                    'id-ID': 'Peminjam dapat masuk dan meminjam lagi.',
                  })}
                </Typography.Paragraph>
              }
              onSubmit={async ({ reason }) => {
                await callApi(adminBorrowerCalls.unblockBorrower, { reason }, { params: { id } });
                await refresh();
              }}
            />
          ) : (
            <ReasonButton
              danger
              label={t({ 'en-US': 'Block', 'id-ID': 'Blokir' })}
              title={t({ 'en-US': 'Block the account', 'id-ID': 'Blokir akun' })}
              description={
                <Typography.Paragraph>
                  {t({
                    'en-US':
                      'Every session of the borrower ends now; sign-in and new loans are refused until unblocked. Help and contact pages stay open to them.',
                    'id-ID':
                      'Semua sesi peminjam berakhir sekarang; masuk dan pinjaman baru ditolak sampai blokir dibuka. Halaman bantuan dan kontak tetap terbuka.',
                  })}
                </Typography.Paragraph>
              }
              onSubmit={async ({ reason }) => {
                await callApi(adminBorrowerCalls.blockBorrower, { reason }, { params: { id } });
                await refresh();
              }}
            />
          ))}
      </Flex>
      <Card style={{ marginBottom: 16 }}>
        <Descriptions column={2} size="small">
          <Descriptions.Item label={t({ 'en-US': 'Name', 'id-ID': 'Nama' })}>
            <MaskedValue masked={d.borrower.name_masked ?? '—'} reveal={reveal('name')} />
          </Descriptions.Item>
          <Descriptions.Item label={t({ 'en-US': 'Phone', 'id-ID': 'Telepon' })}>
            <MaskedValue masked={d.borrower.phone_masked} reveal={reveal('phone')} />
          </Descriptions.Item>
          <Descriptions.Item label="NIK">
            <MaskedValue masked={d.borrower.nik_masked ?? '—'} reveal={reveal('nik')} />
          </Descriptions.Item>
          <Descriptions.Item label={t({ 'en-US': 'Date of birth', 'id-ID': 'Tanggal lahir' })}>
            <MaskedValue masked="**********" reveal={reveal('birth_date')} />
          </Descriptions.Item>
          <Descriptions.Item label={t({ 'en-US': 'Address', 'id-ID': 'Alamat' })}>
            <MaskedValue masked="**********" reveal={reveal('address')} />
          </Descriptions.Item>
          <Descriptions.Item label={t({ 'en-US': 'Registered', 'id-ID': 'Terdaftar' })}>
            {when(d.registered_at)}
          </Descriptions.Item>
          <Descriptions.Item label={t({ 'en-US': 'Account', 'id-ID': 'Akun' })}>
            {d.blocked_at ? (
              <Tag color="red">
                {t({ 'en-US': 'Blocked since', 'id-ID': 'Diblokir sejak' })} {when(d.blocked_at)}
              </Tag>
            ) : (
              <Tag color="green">{t({ 'en-US': 'Active', 'id-ID': 'Aktif' })}</Tag>
            )}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Tabs
        items={[
          {
            key: 'applications',
            label: t({ 'en-US': 'Applications', 'id-ID': 'Pengajuan' }),
            children: (
              <DetailTable
                rowKey="id"
                dataSource={d.applications}
                columns={[
                  applications.dateTime('submitted_at', { 'en-US': 'Submitted', 'id-ID': 'Diajukan' }),
                  applications.text('state', STATE),
                  applications.text('decided_by', { 'en-US': 'Decided by', 'id-ID': 'Diputuskan oleh' }),
                  applications.money('limit_amount', 'Limit'),
                  applications.computed('reasons', { 'en-US': 'Reasons', 'id-ID': 'Alasan' }, (r) =>
                    r.reasons.join(', '),
                  ),
                ]}
              />
            ),
          },
          {
            key: 'loans',
            label: t({ 'en-US': 'Loans', 'id-ID': 'Pinjaman' }),
            children: (
              <DetailTable
                rowKey="id"
                dataSource={d.loans}
                columns={[
                  loans.dateTime('created_at', { 'en-US': 'Ordered', 'id-ID': 'Dipesan' }),
                  loans.money('amount', AMOUNT),
                  loans.text('period', { 'en-US': 'Tenor', 'id-ID': 'Tenor' }),
                  loans.text('state', STATE),
                  loans.date('disbursed_on', { 'en-US': 'Disbursed', 'id-ID': 'Dicairkan' }),
                ]}
              />
            ),
          },
          {
            key: 'payments',
            label: t({ 'en-US': 'Payments', 'id-ID': 'Pembayaran' }),
            children: (
              <DetailTable
                rowKey="id"
                dataSource={d.payments}
                columns={[
                  payments.dateTime('paid_at', { 'en-US': 'Paid', 'id-ID': 'Dibayar' }),
                  payments.money('amount', AMOUNT),
                  payments.text('status', STATE),
                  payments.text('review_reason', { 'en-US': 'Review reason', 'id-ID': 'Alasan tinjauan' }),
                ]}
              />
            ),
          },
          {
            key: 'messages',
            label: t({ 'en-US': 'Messages sent', 'id-ID': 'Pesan terkirim' }),
            children: (
              <DetailTable
                rowKey="id"
                dataSource={d.messages}
                columns={[
                  messages.dateTime('created_at', { 'en-US': 'Written', 'id-ID': 'Dibuat' }),
                  messages.text('channel', { 'en-US': 'Channel', 'id-ID': 'Saluran' }),
                  messages.text('kind', { 'en-US': 'Message', 'id-ID': 'Pesan' }),
                  messages.text('status', STATE),
                  messages.dateTime('sent_at', { 'en-US': 'Sent', 'id-ID': 'Terkirim' }),
                ]}
              />
            ),
          },
          {
            key: 'consents',
            label: t({ 'en-US': 'Consents', 'id-ID': 'Persetujuan' }),
            children: (
              <DetailTable
                rowKey={(r) => `${r.document}:${r.version}`}
                dataSource={d.consents}
                columns={[
                  consents.text('document', { 'en-US': 'Document', 'id-ID': 'Dokumen' }),
                  consents.text('version', { 'en-US': 'Version', 'id-ID': 'Versi' }),
                  consents.dateTime('accepted_at', { 'en-US': 'Accepted', 'id-ID': 'Disetujui' }),
                ]}
              />
            ),
          },
          {
            key: 'claims',
            label: t({ 'en-US': 'Payment claims', 'id-ID': 'Klaim pembayaran' }),
            children: (
              <DetailTable
                rowKey="id"
                dataSource={d.claims}
                columns={[
                  claims.text('case_number', { 'en-US': 'Case', 'id-ID': 'Kasus' }),
                  claims.money('amount', AMOUNT),
                  claims.text('status', STATE),
                  claims.date('answer_by', { 'en-US': 'Answer by', 'id-ID': 'Dijawab paling lambat' }),
                ]}
              />
            ),
          },
          {
            key: 'feedback',
            label: t({ 'en-US': 'Feedback', 'id-ID': 'Masukan' }),
            children: (
              <DetailTable
                rowKey="id"
                dataSource={d.feedback}
                columns={[
                  feedback.dateTime('created_at', { 'en-US': 'Written', 'id-ID': 'Ditulis' }),
                  feedback.text('content', { 'en-US': 'Feedback', 'id-ID': 'Masukan' }),
                ]}
              />
            ),
          },
        ]}
      />
    </>
  );
}
