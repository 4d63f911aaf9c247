import { Alert, Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { adminBookCalls, DPD_BUCKETS, type LoanBookRow } from '@kaskita/domain/contract/admin-book';
import { LOAN_STATES } from '@kaskita/domain/lifecycle/loan-state';
import { ServerTable } from '../../components/server-table.tsx';
import { formatBusinessDate, formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { downloadLoansCsv } from './loans-csv.ts';

const FILTERS = ['state', 'dpd', 'product', 'disbursed_from', 'disbursed_to'] as const;

/** The loan book (loan.read): every loan, filtered and sorted on the server, borrowers masked; a row opens the loan. */
export default function LoansPage() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const columns: ColumnsType<LoanBookRow> = [
    {
      key: 'created_at',
      dataIndex: 'created_at',
      title: t({ 'en-US': 'Ordered', 'id-ID': 'Dipesan' }),
      sorter: true,
      render: (value: string) => formatBusinessDate(value.slice(0, 10), locale),
    },
    {
      key: 'disbursed_on',
      dataIndex: 'disbursed_on',
      title: t({ 'en-US': 'Disbursed', 'id-ID': 'Dicairkan' }),
      sorter: true,
      render: (value: string | null) => (value ? formatBusinessDate(value, locale) : '—'),
    },
    {
      key: 'borrower',
      title: t({ 'en-US': 'Borrower', 'id-ID': 'Peminjam' }),
      render: (_, row) => `${row.borrower_name ?? '—'} · ${row.borrower_phone}`,
    },
    { key: 'product_id', dataIndex: 'product_id', title: t({ 'en-US': 'Product', 'id-ID': 'Produk' }) },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t({ 'en-US': 'Principal', 'id-ID': 'Pokok' }),
      sorter: true,
      align: 'right',
      render: (value: number) => formatMoney(value),
    },
    {
      key: 'principal_outstanding',
      dataIndex: 'principal_outstanding',
      title: t({ 'en-US': 'Principal owed', 'id-ID': 'Sisa pokok' }),
      align: 'right',
      render: (value: number) => formatMoney(value),
    },
    { key: 'state', dataIndex: 'state', title: t({ 'en-US': 'State', 'id-ID': 'Status' }) },
    {
      key: 'dpd',
      title: 'DPD',
      render: (_, row) => (row.dpd_bucket ? <Tag color="red">{`${row.dpd} (${row.dpd_bucket})`}</Tag> : '0'),
    },
  ];

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Loan book', 'id-ID': 'Buku pinjaman' })}
      </Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Button
          loading={exporting}
          onClick={async () => {
            setExporting(true);
            setExportError(null);
            try {
              await downloadLoansCsv(Object.fromEntries(FILTERS.map((f) => [f, search.get(f) ?? ''])));
            } catch (error) {
              setExportError((error as Error).message);
            } finally {
              setExporting(false);
            }
          }}
        >
          {t({ 'en-US': 'Download CSV (these filters)', 'id-ID': 'Unduh CSV (saringan ini)' })}
        </Button>
        {exportError && <Alert type="error" showIcon title={exportError} />}
        <ServerTable
          call={adminBookCalls.listLoans}
          columns={columns}
          rowKey="id"
          tableProps={{
            size: 'small',
            onRow: (row) => ({ onClick: () => navigate(`/loans/${row.id}`), style: { cursor: 'pointer' } }),
          }}
          filters={[
            {
              name: 'state',
              type: 'select',
              label: { 'en-US': 'State', 'id-ID': 'Status' },
              options: LOAN_STATES.map((s) => ({ value: s, label: s })),
            },
            {
              name: 'dpd',
              type: 'select',
              label: { 'en-US': 'Days past due', 'id-ID': 'Hari keterlambatan' },
              options: DPD_BUCKETS.map((b) => ({ value: b, label: b })),
            },
            { name: 'product', type: 'text', label: { 'en-US': 'Product', 'id-ID': 'Produk' } },
            {
              name: 'disbursed_from',
              type: 'date',
              label: { 'en-US': 'Disbursed from', 'id-ID': 'Dicairkan dari' },
            },
            {
              name: 'disbursed_to',
              type: 'date',
              label: { 'en-US': 'Disbursed to', 'id-ID': 'Dicairkan sampai' },
            },
          ]}
        />
      </Space>
    </>
  );
}
