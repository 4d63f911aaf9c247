import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { z } from 'zod';
import { Link } from 'react-router';
import { adminProductCalls } from '@kaskita/domain/contract/admin-products';
import { ServerTable } from '../../components/server-table.tsx';
import { formatBusinessDate } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { VERSION_STATE } from './version-state.ts';

type Row = z.output<typeof adminProductCalls.listAdminProducts.response>['items'][number];

/** Products (loan.read): each product id with the state today, its current and next version, a proposal waiting. */
export default function ProductsPage() {
  const { t, locale } = useI18n();
  const columns: ColumnsType<Row> = [
    {
      key: 'product_id',
      dataIndex: 'product_id',
      title: t({ 'en-US': 'Product', 'id-ID': 'Produk' }),
      sorter: true,
      render: (id: string, row) => (
        <Link to={`/products/${encodeURIComponent(id)}`}>{`${row.name} (${id})`}</Link>
      ),
    },
    { key: 'kind', dataIndex: 'kind', title: t({ 'en-US': 'Kind', 'id-ID': 'Jenis' }) },
    {
      key: 'state',
      dataIndex: 'state',
      title: t({ 'en-US': 'Today', 'id-ID': 'Hari ini' }),
      render: (state: string) => (
        <Tag color={VERSION_STATE[state]?.color}>
          {VERSION_STATE[state] ? t(VERSION_STATE[state].label) : state}
        </Tag>
      ),
    },
    {
      key: 'current',
      title: t({ 'en-US': 'Current version', 'id-ID': 'Versi berlaku' }),
      render: (_, row) => row.current_version ?? '—',
    },
    {
      key: 'next',
      title: t({ 'en-US': 'Next version', 'id-ID': 'Versi berikutnya' }),
      render: (_, row) =>
        row.next_version
          ? `${row.next_version.version} · ${formatBusinessDate(row.next_version.starts_on, locale)}`
          : '—',
    },
    {
      key: 'pending',
      title: t({ 'en-US': 'Proposal waiting', 'id-ID': 'Usulan menunggu' }),
      render: (_, row) => (row.pending_request_id ? t({ 'en-US': 'Yes', 'id-ID': 'Ya' }) : '—'),
    },
  ];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Products and versions', 'id-ID': 'Produk dan versi' })}
      </Typography.Title>
      <ServerTable call={adminProductCalls.listAdminProducts} columns={columns} rowKey="product_id" />
    </>
  );
}
