import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminBorrowerCalls } from '@kaskita/domain/contract/admin-borrowers';
import { callApi } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';

type By = 'phone' | 'name' | 'nik';
const PAGE_SIZE = 20;

/**
 * Find a borrower (loan.read). The search is a POST, so a NIK or a name never sits in the URL or an access log: only
 * the kind of search and the page are kept in the address bar.
 */
export default function BorrowersPage() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const [form] = Form.useForm<{ by: By; q: string }>();
  const by = (search.get('by') as By | null) ?? 'phone';
  const page = Number(search.get('page') ?? '1');
  // What was searched stays in this page's memory only: never in the URL.
  const [submitted, setSubmitted] = useState<string | null>(null);
  const results = useQuery({
    queryKey: [adminBorrowerCalls.searchBorrowers.id, by, submitted, page],
    enabled: Boolean(submitted && submitted.trim().length >= 2),
    queryFn: () => callApi(adminBorrowerCalls.searchBorrowers, { by, q: submitted!, page, size: PAGE_SIZE }),
  });

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Find a borrower', 'id-ID': 'Cari peminjam' })}
      </Typography.Title>
      <Form
        form={form}
        layout="inline"
        initialValues={{ by }}
        onFinish={(values) => {
          setSearch({ by: values.by, page: '1' });
          setSubmitted(values.q);
        }}
        style={{ marginBottom: 16 }}
      >
        <Form.Item name="by" label={t({ 'en-US': 'Search by', 'id-ID': 'Cari dengan' })}>
          <Select
            style={{ width: 140 }}
            options={[
              { value: 'phone', label: t({ 'en-US': 'Phone', 'id-ID': 'Telepon' }) },
              { value: 'name', label: t({ 'en-US': 'Name', 'id-ID': 'Nama' }) },
              { value: 'nik', label: 'NIK' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="q"
          label={t({ 'en-US': 'Phone, name or NIK', 'id-ID': 'Telepon, nama, atau NIK' })}
          rules={[{ required: true, min: 2 }]}
        >
          <Input autoComplete="off" style={{ width: 260 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t({ 'en-US': 'Search', 'id-ID': 'Cari' })}
          </Button>
        </Form.Item>
      </Form>
      {results.isError && <Alert type="error" showIcon title={results.error.message} />}
      <Table
        rowKey="id"
        loading={results.isFetching}
        dataSource={results.data?.rows ?? []}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: results.data?.total ?? 0,
          onChange: (next) => setSearch({ by, page: String(next) }),
        }}
        columns={[
          {
            key: 'name',
            title: t({ 'en-US': 'Name', 'id-ID': 'Nama' }),
            render: (_, row) => <Typography.Text code>{row.name_masked ?? '—'}</Typography.Text>,
          },
          { key: 'phone', dataIndex: 'phone_masked', title: t({ 'en-US': 'Phone', 'id-ID': 'Telepon' }) },
          { key: 'nik', title: 'NIK', render: (_, row) => row.nik_masked ?? '—' },
          {
            key: 'state',
            title: t({ 'en-US': 'Account', 'id-ID': 'Akun' }),
            render: (_, row) =>
              row.blocked ? (
                <Tag color="red">{t({ 'en-US': 'Blocked', 'id-ID': 'Diblokir' })}</Tag>
              ) : (
                <Tag color="green">{t({ 'en-US': 'Active', 'id-ID': 'Aktif' })}</Tag>
              ),
          },
          {
            key: 'open',
            title: t({ 'en-US': 'Record', 'id-ID': 'Data' }),
            render: (_, row) => (
              <Space>
                <Link to={`/borrowers/${row.id}`}>{t({ 'en-US': 'Open', 'id-ID': 'Buka' })}</Link>
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
