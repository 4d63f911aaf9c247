import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Flex, Table, Tabs, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import { adminBorrowerCalls, type PiiField } from '@kaskita/domain/contract/admin-borrowers';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { useCan } from '../../app/permission-tree.ts';
import { MaskedValue } from '../../components/masked-value.tsx';
import { ReasonButton } from '../../components/reason-modal.tsx';
import { callApi } from '../../lib/api-client.ts';
import { formatBusinessDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';

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
              <Table
                size="small"
                rowKey="id"
                dataSource={d.applications}
                columns={[
                  {
                    key: 'submitted',
                    title: t({ 'en-US': 'Submitted', 'id-ID': 'Diajukan' }),
                    render: (_, r) => when(r.submitted_at),
                  },
                  { key: 'state', dataIndex: 'state', title: t({ 'en-US': 'State', 'id-ID': 'Status' }) },
                  {
                    key: 'by',
                    dataIndex: 'decided_by',
                    title: t({ 'en-US': 'Decided by', 'id-ID': 'Diputuskan oleh' }),
                  },
                  {
                    key: 'limit',
                    title: 'Limit',
                    render: (_, r) => (r.limit_amount === null ? '—' : formatMoney(r.limit_amount)),
                  },
                  {
                    key: 'reasons',
                    title: t({ 'en-US': 'Reasons', 'id-ID': 'Alasan' }),
                    render: (_, r) => r.reasons.join(', '),
                  },
                ]}
              />
            ),
          },
          {
            key: 'loans',
            label: t({ 'en-US': 'Loans', 'id-ID': 'Pinjaman' }),
            children: (
              <Table
                size="small"
                rowKey="id"
                dataSource={d.loans}
                columns={[
                  {
                    key: 'created',
                    title: t({ 'en-US': 'Ordered', 'id-ID': 'Dipesan' }),
                    render: (_, r) => when(r.created_at),
                  },
                  {
                    key: 'amount',
                    title: t({ 'en-US': 'Amount', 'id-ID': 'Jumlah' }),
                    render: (_, r) => formatMoney(r.amount),
                  },
                  { key: 'period', dataIndex: 'period', title: t({ 'en-US': 'Tenor', 'id-ID': 'Tenor' }) },
                  { key: 'state', dataIndex: 'state', title: t({ 'en-US': 'State', 'id-ID': 'Status' }) },
                  {
                    key: 'disbursed',
                    title: t({ 'en-US': 'Disbursed', 'id-ID': 'Dicairkan' }),
                    render: (_, r) => formatBusinessDate(r.disbursed_on, locale),
                  },
                ]}
              />
            ),
          },
          {
            key: 'payments',
            label: t({ 'en-US': 'Payments', 'id-ID': 'Pembayaran' }),
            children: (
              <Table
                size="small"
                rowKey="id"
                dataSource={d.payments}
                columns={[
                  {
                    key: 'paid',
                    title: t({ 'en-US': 'Paid', 'id-ID': 'Dibayar' }),
                    render: (_, r) => when(r.paid_at),
                  },
                  {
                    key: 'amount',
                    title: t({ 'en-US': 'Amount', 'id-ID': 'Jumlah' }),
                    render: (_, r) => formatMoney(r.amount),
                  },
                  { key: 'status', dataIndex: 'status', title: t({ 'en-US': 'State', 'id-ID': 'Status' }) },
                  {
                    key: 'review',
                    dataIndex: 'review_reason',
                    title: t({ 'en-US': 'Review reason', 'id-ID': 'Alasan tinjauan' }),
                  },
                ]}
              />
            ),
          },
          {
            key: 'messages',
            label: t({ 'en-US': 'Messages sent', 'id-ID': 'Pesan terkirim' }),
            children: (
              <Table
                size="small"
                rowKey="id"
                dataSource={d.messages}
                columns={[
                  {
                    key: 'created',
                    title: t({ 'en-US': 'Written', 'id-ID': 'Dibuat' }),
                    render: (_, r) => when(r.created_at),
                  },
                  {
                    key: 'channel',
                    dataIndex: 'channel',
                    title: t({ 'en-US': 'Channel', 'id-ID': 'Saluran' }),
                  },
                  { key: 'kind', dataIndex: 'kind', title: t({ 'en-US': 'Message', 'id-ID': 'Pesan' }) },
                  { key: 'status', dataIndex: 'status', title: t({ 'en-US': 'State', 'id-ID': 'Status' }) },
                  {
                    key: 'sent',
                    title: t({ 'en-US': 'Sent', 'id-ID': 'Terkirim' }),
                    render: (_, r) => when(r.sent_at),
                  },
                ]}
              />
            ),
          },
          {
            key: 'consents',
            label: t({ 'en-US': 'Consents', 'id-ID': 'Persetujuan' }),
            children: (
              <Table
                size="small"
                rowKey={(r) => `${r.document}:${r.version}`}
                dataSource={d.consents}
                columns={[
                  {
                    key: 'document',
                    dataIndex: 'document',
                    title: t({ 'en-US': 'Document', 'id-ID': 'Dokumen' }),
                  },
                  {
                    key: 'version',
                    dataIndex: 'version',
                    title: t({ 'en-US': 'Version', 'id-ID': 'Versi' }),
                  },
                  {
                    key: 'accepted',
                    title: t({ 'en-US': 'Accepted', 'id-ID': 'Disetujui' }),
                    render: (_, r) => when(r.accepted_at),
                  },
                ]}
              />
            ),
          },
          {
            key: 'claims',
            label: t({ 'en-US': 'Payment claims', 'id-ID': 'Klaim pembayaran' }),
            children: (
              <Table
                size="small"
                rowKey="id"
                dataSource={d.claims}
                columns={[
                  { key: 'case', dataIndex: 'case_number', title: t({ 'en-US': 'Case', 'id-ID': 'Kasus' }) },
                  {
                    key: 'amount',
                    title: t({ 'en-US': 'Amount', 'id-ID': 'Jumlah' }),
                    render: (_, r) => formatMoney(r.amount),
                  },
                  { key: 'status', dataIndex: 'status', title: t({ 'en-US': 'State', 'id-ID': 'Status' }) },
                  {
                    key: 'answer',
                    title: t({ 'en-US': 'Answer by', 'id-ID': 'Dijawab paling lambat' }),
                    render: (_, r) => formatBusinessDate(r.answer_by, locale),
                  },
                ]}
              />
            ),
          },
          {
            key: 'feedback',
            label: t({ 'en-US': 'Feedback', 'id-ID': 'Masukan' }),
            children: (
              <Table
                size="small"
                rowKey="id"
                dataSource={d.feedback}
                columns={[
                  {
                    key: 'created',
                    title: t({ 'en-US': 'Written', 'id-ID': 'Ditulis' }),
                    render: (_, r) => when(r.created_at),
                  },
                  {
                    key: 'content',
                    dataIndex: 'content',
                    title: t({ 'en-US': 'Feedback', 'id-ID': 'Masukan' }),
                  },
                ]}
              />
            ),
          },
        ]}
      />
    </>
  );
}
