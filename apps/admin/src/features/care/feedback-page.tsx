import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { Link } from 'react-router';
import { adminCareCalls, ANSWER_WORKING_DAYS } from '@kaskita/domain/contract/admin-care';
import { ServerTable } from '../../components/server-table.tsx';
import type { callApi } from '../../lib/api-client.ts';
import { formatBusinessDate, formatDateTime } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { FEEDBACK_KIND_LABELS, FEEDBACK_STATUS_LABELS } from './feedback-labels.ts';

const calls = adminCareCalls;
type Row = Awaited<ReturnType<typeof callApi<typeof calls.listFeedback>>>['items'][number];

/** Feedback and complaints (complaint.answer): open ones first, each with the day it must be answered by. */
export default function FeedbackPage() {
  const { t, locale } = useI18n();
  const columns: ColumnsType<Row> = [
    {
      key: 'created_at',
      dataIndex: 'created_at',
      title: t({ 'en-US': 'Received', 'id-ID': 'Diterima' }),
      sorter: true,
      render: (value: string) => formatDateTime(value, locale),
    },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t({ 'en-US': 'Kind', 'id-ID': 'Jenis' }),
      render: (value: Row['kind']) => t(FEEDBACK_KIND_LABELS[value]),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t({ 'en-US': 'Status', 'id-ID': 'Status' }),
      render: (value: Row['status']) => t(FEEDBACK_STATUS_LABELS[value]),
    },
    {
      key: 'deadline',
      title: t({ 'en-US': 'Answer by', 'id-ID': 'Jawab paling lambat' }),
      render: (_, row) => (
        <>
          {formatBusinessDate(row.deadline, locale)}{' '}
          {row.overdue && <Tag color="red">{t({ 'en-US': 'Overdue', 'id-ID': 'Terlambat' })}</Tag>}
        </>
      ),
    },
    {
      key: 'excerpt',
      title: t({ 'en-US': 'Text', 'id-ID': 'Isi' }),
      render: (_, row) => <Link to={`/feedback/${row.id}`}>{row.excerpt}</Link>,
    },
  ];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Feedback & complaints', 'id-ID': 'Masukan & pengaduan' })}
      </Typography.Title>
      <Typography.Paragraph>
        {t({
          'en-US': `Answer within ${ANSWER_WORKING_DAYS} working days of receipt (POJK 22/2023).`,
          'id-ID': `Jawab dalam ${ANSWER_WORKING_DAYS} hari kerja sejak diterima (POJK 22/2023).`,
        })}
      </Typography.Paragraph>
      <ServerTable
        call={calls.listFeedback}
        columns={columns}
        rowKey="id"
        tableProps={{ size: 'small' }}
        filters={[
          {
            name: 'kind',
            type: 'select',
            label: { 'en-US': 'Kind', 'id-ID': 'Jenis' },
            options: Object.entries(FEEDBACK_KIND_LABELS).map(([value, label]) => ({ value, label })),
          },
          {
            name: 'status',
            type: 'select',
            label: { 'en-US': 'Status', 'id-ID': 'Status' },
            options: Object.entries(FEEDBACK_STATUS_LABELS).map(([value, label]) => ({ value, label })),
          },
        ]}
      />
    </>
  );
}
