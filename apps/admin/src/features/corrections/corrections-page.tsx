import { useQueryClient } from '@tanstack/react-query';
import { Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { Link } from 'react-router';
import { adminCorrectionCalls } from '@kaskita/domain/contract/admin-corrections';
import type { Bilingual } from '@kaskita/domain/i18n/locale';
import type { CorrectableField, CorrectionStatus } from '@kaskita/domain/legal/personal-data-rights';
import { GENDER, MARRIAGE, RELIGION } from '@kaskita/domain/i18n/profile-options';
import { ReasonButton } from '../../components/reason-modal.tsx';
import { ServerTable } from '../../components/server-table.tsx';
import { callApi } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';

const calls = adminCorrectionCalls;
type Row = Awaited<ReturnType<typeof callApi<typeof calls.listCorrectionRequests>>>['items'][number];

const FIELD_LABELS: Record<CorrectableField, Bilingual> = {
  name: { 'en-US': 'Name', 'id-ID': 'Nama' },
  nik: { 'en-US': 'NIK', 'id-ID': 'NIK' },
  birth_date: { 'en-US': 'Date of birth', 'id-ID': 'Tanggal lahir' },
  gender: { 'en-US': 'Gender', 'id-ID': 'Jenis kelamin' },
  religion: { 'en-US': 'Religion', 'id-ID': 'Agama' },
  marriage: { 'en-US': 'Marital status', 'id-ID': 'Status perkawinan' },
};

const STATUS_LABELS: Record<CorrectionStatus, Bilingual> = {
  open: { 'en-US': 'Open', 'id-ID': 'Terbuka' },
  approved: { 'en-US': 'Approved', 'id-ID': 'Disetujui' },
  refused: { 'en-US': 'Refused', 'id-ID': 'Ditolak' },
};
const STATUS_COLOURS: Record<CorrectionStatus, string> = { open: 'gold', approved: 'green', refused: 'red' };

/** Option fields hold a code: shown with its words, as the borrower chose it. */
const OPTIONS: Partial<Record<CorrectableField, Readonly<Record<number, Bilingual>>>> = {
  gender: GENDER,
  religion: RELIGION,
  marriage: MARRIAGE,
};

/**
 * Borrowers' requests to correct a KTP field locked after its step (personal_data.correct): open ones first. Approving
 * changes the field through the audited command `personal_data.correct`; refusing tells the borrower why. Compare with
 * the KTP photo on the borrower's page (an audited reveal) before deciding.
 */
export default function CorrectionsPage() {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [calls.listCorrectionRequests.id] });
  const shown = (field: CorrectableField, value: string | null) => {
    if (value === null) return '—';
    const option = OPTIONS[field]?.[Number(value)];
    return option ? `${t(option)} (${value})` : value;
  };
  const columns: ColumnsType<Row> = [
    {
      key: 'created_at',
      dataIndex: 'created_at',
      title: t({ 'en-US': 'Asked', 'id-ID': 'Diajukan' }),
      sorter: true,
      render: (value: string) => formatDateTime(value, locale),
    },
    {
      key: 'borrower',
      title: t({ 'en-US': 'Borrower', 'id-ID': 'Peminjam' }),
      render: (_, row) => (
        <Link to={`/borrowers/${row.user_id}`}>{row.borrower_name_masked ?? row.user_id.slice(0, 8)}</Link>
      ),
    },
    {
      key: 'field',
      dataIndex: 'field',
      title: t({ 'en-US': 'Field', 'id-ID': 'Data' }),
      render: (value: CorrectableField) => t(FIELD_LABELS[value]),
    },
    {
      key: 'current',
      title: t({ 'en-US': 'Held now', 'id-ID': 'Tersimpan' }),
      render: (_, row) => shown(row.field, row.current_value),
    },
    {
      key: 'proposed',
      title: t({ 'en-US': 'Asked for', 'id-ID': 'Diminta' }),
      render: (_, row) => (
        <strong data-testid="correction-proposed">{shown(row.field, row.proposed_value)}</strong>
      ),
    },
    { key: 'reason', dataIndex: 'reason', title: t({ 'en-US': 'Why', 'id-ID': 'Alasan' }) },
    {
      key: 'status',
      title: t({ 'en-US': 'Status', 'id-ID': 'Status' }),
      render: (_, row) => (
        <>
          <Tag color={STATUS_COLOURS[row.status]}>{t(STATUS_LABELS[row.status])}</Tag>
          {row.answer ? <Typography.Text type="secondary">{row.answer}</Typography.Text> : null}
        </>
      ),
    },
    {
      key: 'actions',
      title: t({ 'en-US': 'Actions', 'id-ID': 'Tindakan' }),
      render: (_, row) =>
        row.status === 'open' ? (
          <Flex gap={8}>
            <ReasonButton
              label={t({ 'en-US': 'Approve', 'id-ID': 'Setujui' })}
              buttonProps={{ size: 'small', type: 'primary' }}
              title={t({ 'en-US': 'Approve the correction', 'id-ID': 'Setujui koreksi' })}
              description={
                <p>
                  {t({
                    'en-US': `${t(FIELD_LABELS[row.field])} becomes "${shown(row.field, row.proposed_value)}". The borrower sees your reason.`,
                    'id-ID': `${t(FIELD_LABELS[row.field])} menjadi "${shown(row.field, row.proposed_value)}". Peminjam melihat alasan Anda.`,
                  })}
                </p>
              }
              onSubmit={async ({ reason }) => {
                await callApi(calls.approveCorrection, { reason }, { params: { id: row.id } });
                await refresh();
              }}
            />
            <ReasonButton
              danger
              label={t({ 'en-US': 'Refuse', 'id-ID': 'Tolak' })}
              buttonProps={{ size: 'small' }}
              title={t({ 'en-US': 'Refuse the correction', 'id-ID': 'Tolak koreksi' })}
              description={
                <p>
                  {t({
                    'en-US': 'The field stays as it is. The borrower reads your reason in the app.',
                    'id-ID': 'Data tetap seperti semula. Peminjam membaca alasan Anda di aplikasi.',
                  })}
                </p>
              }
              onSubmit={async ({ reason }) => {
                await callApi(calls.refuseCorrection, { reason }, { params: { id: row.id } });
                await refresh();
              }}
            />
          </Flex>
        ) : null,
    },
  ];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Correction requests', 'id-ID': 'Permintaan koreksi data' })}
      </Typography.Title>
      <Typography.Paragraph>
        {t({
          'en-US':
            'Borrowers ask here to correct KTP details locked once their KTP step was saved (UU PDP 27/2022). Check the KTP photo on the borrower’s page before deciding.',
          'id-ID':
            'Peminjam mengajukan koreksi data KTP yang terkunci setelah langkah KTP disimpan (UU PDP 27/2022). Periksa foto KTP di halaman peminjam sebelum memutuskan.',
        })}
      </Typography.Paragraph>
      <ServerTable
        call={calls.listCorrectionRequests}
        columns={columns}
        rowKey="id"
        tableProps={{ size: 'small' }}
        filters={[
          {
            name: 'status',
            type: 'select',
            label: { 'en-US': 'Status', 'id-ID': 'Status' },
            options: Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
          },
        ]}
      />
    </>
  );
}
