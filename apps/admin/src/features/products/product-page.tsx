import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { adminProductCalls } from '@kaskita/domain/contract/admin-products';
import { callApi } from '../../lib/api-client.ts';
import { formatBusinessDate } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { VERSION_STATE } from './version-state.ts';

/** One product (loan.read): every version with its days, its state today and its cap verdict on each day caps change. */
export default function ProductPage() {
  const { id = '' } = useParams();
  const { t, locale } = useI18n();
  const query = useQuery({
    queryKey: [adminProductCalls.getAdminProduct.id, id],
    queryFn: ({ signal }) =>
      callApi(adminProductCalls.getAdminProduct, undefined, { params: { id }, signal }),
  });
  const date = (value: string | null) => (value ? formatBusinessDate(value, locale) : '—');
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Product', 'id-ID': 'Produk' })} {id}
      </Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Link to="/products">
          {t({ 'en-US': 'Back to the products', 'id-ID': 'Kembali ke daftar produk' })}
        </Link>
        {query.error && <Alert type="error" showIcon title={query.error.message} />}
        {[...(query.data?.versions ?? [])].reverse().map((v) => (
          <Card
            key={v.version}
            title={
              <h2 style={{ fontSize: 16, margin: 0 }}>
                {t({ 'en-US': 'Version', 'id-ID': 'Versi' })} {v.version}{' '}
                <Tag color={VERSION_STATE[v.state]?.color}>{t(VERSION_STATE[v.state]!.label)}</Tag>
              </h2>
            }
          >
            <Descriptions bordered size="small" column={2}>
              <Descriptions.Item label={t({ 'en-US': 'First day', 'id-ID': 'Hari pertama' })}>
                {date(v.starts_on)}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Last day', 'id-ID': 'Hari terakhir' })}>
                {v.ends_on ? date(v.ends_on) : t({ 'en-US': 'open', 'id-ID': 'terbuka' })}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Source', 'id-ID': 'Sumber' })}>
                {v.source === 'seed'
                  ? t({ 'en-US': 'shipped with the app', 'id-ID': 'bawaan aplikasi' })
                  : t({ 'en-US': 'approved in the back office', 'id-ID': 'disetujui di back office' })}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Cap verdict', 'id-ID': 'Hasil pemeriksaan batas' })}>
                {v.cap_checks.map((c) => (
                  <div key={c.date}>
                    <Tag color={c.ok ? 'green' : 'red'}>
                      {date(c.date)}:{' '}
                      {c.ok
                        ? t({ 'en-US': 'within the caps', 'id-ID': 'dalam batas' })
                        : t({ 'en-US': 'over a cap', 'id-ID': 'melewati batas' })}
                    </Tag>
                    {c.violations.map((x) => (
                      <div key={x.message['en-US']}>{x.message[locale]}</div>
                    ))}
                  </div>
                ))}
              </Descriptions.Item>
            </Descriptions>
            <details style={{ marginTop: 8 }}>
              <summary>{t({ 'en-US': 'Definition', 'id-ID': 'Definisi' })}</summary>
              <pre style={{ fontSize: 12 }}>{JSON.stringify(v.product, null, 2)}</pre>
            </details>
          </Card>
        ))}
      </Space>
    </>
  );
}
