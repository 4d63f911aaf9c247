import { useQuery } from '@tanstack/react-query';
import { Alert, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { z } from 'zod';
import { adminProductCalls } from '@kaskita/domain/contract/admin-products';
import { callApi } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';

type CapRow = z.output<typeof adminProductCalls.listProductCaps.response>['rows'][number];

/** The regulatory cap table (loan.read): each row with its source and the product versions it allows or refuses. */
export default function ProductCapsPage() {
  const { t, locale } = useI18n();
  const query = useQuery({
    queryKey: [adminProductCalls.listProductCaps.id],
    queryFn: ({ signal }) => callApi(adminProductCalls.listProductCaps, undefined, { signal }),
  });
  const columns: ColumnsType<CapRow> = [
    { key: 'id', dataIndex: 'id', title: t({ 'en-US': 'Row', 'id-ID': 'Baris' }) },
    {
      key: 'days',
      title: t({ 'en-US': 'In force', 'id-ID': 'Berlaku' }),
      render: (_, r) =>
        `${r.from} – ${r.to ?? '…'}${r.in_force_today ? ` (${t({ 'en-US': 'today', 'id-ID': 'hari ini' })})` : ''}`,
    },
    {
      key: 'purpose',
      title: t({ 'en-US': 'Loans', 'id-ID': 'Pinjaman' }),
      render: (_, r) => `${r.purpose} · ${r.tenor}`,
    },
    {
      key: 'limits',
      title: t({ 'en-US': 'Per day / total', 'id-ID': 'Per hari / total' }),
      render: (_, r) =>
        `${r.daily_economic_benefit} % · ${r.daily_late_fee} % · ${r.total_cost_of_principal} %`,
    },
    {
      key: 'products',
      title: t({ 'en-US': 'Products', 'id-ID': 'Produk' }),
      render: (_, r) =>
        r.products.length === 0
          ? '—'
          : r.products.map((p) => (
              <div key={`${p.product_id}-${p.version}`}>
                <Tag color={p.allowed ? 'green' : 'red'}>
                  {`${p.product_id} v${p.version}: `}
                  {p.allowed
                    ? t({ 'en-US': 'allowed', 'id-ID': 'diizinkan' })
                    : t({ 'en-US': 'refused', 'id-ID': 'ditolak' })}
                </Tag>
                {p.violations.map((v) => (
                  <div key={v.message['en-US']}>{v.message[locale]}</div>
                ))}
              </div>
            )),
    },
  ];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Regulatory caps', 'id-ID': 'Batas regulasi' })}
      </Typography.Title>
      {query.error && <Alert type="error" showIcon title={query.error.message} />}
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={query.data?.rows ?? []}
        loading={query.isLoading}
        pagination={false}
        expandable={{ expandedRowRender: (r) => <p style={{ margin: 0 }}>{r.source}</p> }}
      />
    </>
  );
}
