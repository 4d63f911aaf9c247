import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { Link } from 'react-router';
import {
  COMPLAINT_ANSWER_WORKING_DAYS,
  COMPLAINT_EXTENSION_WORKING_DAYS,
} from '@kaskita/domain/complaints/complaint-deadline';
import { adminComplaintCalls, type AdminComplaintRow } from '@kaskita/domain/contract/admin-complaints';
import { ServerTable } from '../../components/server-table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { ComplaintDeadline, ComplianceTag } from './complaint-deadline-cell.tsx';
import { COMPLAINT_CATEGORY_LABELS, COMPLAINT_STATUS_LABELS } from './complaint-labels.ts';

const calls = adminComplaintCalls;

/** Complaints (complaint.answer): the cases still waiting first, the nearest deadline (so the overdue) first. */
export default function ComplaintsPage() {
  const { t, locale } = useI18n();
  const columns: ColumnsType<AdminComplaintRow> = [
    {
      key: 'case_number',
      title: t({ 'en-US': 'Case', 'id-ID': 'Kasus' }),
      render: (_, row) => <Link to={`/complaints/${row.id}`}>{row.case_number}</Link>,
    },
    {
      key: 'answer_by',
      title: t({ 'en-US': 'Answer by', 'id-ID': 'Jawab paling lambat' }),
      sorter: true,
      render: (_, row) => <ComplaintDeadline row={row} />,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t({ 'en-US': 'Status', 'id-ID': 'Status' }),
      render: (value: AdminComplaintRow['status']) => t(COMPLAINT_STATUS_LABELS[value]),
    },
    {
      key: 'category',
      dataIndex: 'category',
      title: t({ 'en-US': 'About', 'id-ID': 'Tentang' }),
      render: (value: AdminComplaintRow['category'], row) => (
        <>
          {t(COMPLAINT_CATEGORY_LABELS[value])} {row.compliance && <ComplianceTag />}
        </>
      ),
    },
    {
      key: 'filed_at',
      dataIndex: 'filed_at',
      title: t({ 'en-US': 'Filed', 'id-ID': 'Diajukan' }),
      sorter: true,
      render: (value: string) => formatDateTime(value, locale),
    },
    { key: 'excerpt', dataIndex: 'excerpt', title: t({ 'en-US': 'Text', 'id-ID': 'Isi' }) },
  ];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Complaints', 'id-ID': 'Pengaduan' })}
      </Typography.Title>
      <Typography.Paragraph>
        {t({
          'en-US': `Answer within ${COMPLAINT_ANSWER_WORKING_DAYS} working days of receipt; a deadline may be extended once, by ${COMPLAINT_EXTENSION_WORKING_DAYS} more, with the reason told to the borrower before it passes (POJK 22/2023).`,
          'id-ID': `Jawab dalam ${COMPLAINT_ANSWER_WORKING_DAYS} hari kerja sejak diterima; batas waktu dapat diperpanjang sekali, ${COMPLAINT_EXTENSION_WORKING_DAYS} hari kerja lagi, dengan alasan yang disampaikan ke peminjam sebelum batas waktunya lewat (POJK 22/2023).`,
        })}
      </Typography.Paragraph>
      <ServerTable
        call={calls.listComplaints}
        columns={columns}
        rowKey="id"
        tableProps={{ size: 'small' }}
        filters={[
          {
            name: 'status',
            type: 'select',
            label: { 'en-US': 'Status', 'id-ID': 'Status' },
            options: Object.entries(COMPLAINT_STATUS_LABELS).map(([value, label]) => ({ value, label })),
          },
          {
            name: 'category',
            type: 'select',
            label: { 'en-US': 'About', 'id-ID': 'Tentang' },
            options: Object.entries(COMPLAINT_CATEGORY_LABELS).map(([value, label]) => ({ value, label })),
          },
          {
            name: 'overdue',
            type: 'select',
            label: { 'en-US': 'Late', 'id-ID': 'Terlambat' },
            options: [{ value: 'true', label: { 'en-US': 'Overdue only', 'id-ID': 'Hanya yang terlambat' } }],
          },
          { name: 'case_number', type: 'text', label: { 'en-US': 'Case number', 'id-ID': 'Nomor kasus' } },
        ]}
      />
    </>
  );
}
