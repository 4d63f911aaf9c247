import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, List, Select, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { adminProductCalls } from '@kaskita/domain/contract/admin-products';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { draftVerdict } from './product-draft.ts';

const calls = adminProductCalls;

/** The definition without its days: those are typed beside it. */
function definitionText(product: Record<string, unknown>): string {
  const { validFrom: _from, validTo: _to, ...rest } = product;
  return JSON.stringify(rest, null, 2);
}

/**
 * Propose a product version (product.propose): start from a product's latest version, change its definition, give its
 * first day (and a last day if it must end, e.g. before a stricter cap row), and read the cap verdict before sending.
 * A second member holding product.approve approves it on the Approvals page; the server checks everything again.
 */
export default function ProposeProductPage() {
  const { t, locale } = useI18n();
  const [text, setText] = useState('');
  const [validFrom, setValidFrom] = useState('');
  const [validTo, setValidTo] = useState('');
  const [reason, setReason] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string[] | null>(null);
  const products = useQuery({
    queryKey: [calls.listAdminProducts.id, 'propose'],
    queryFn: ({ signal }) => callApi(calls.listAdminProducts, { page: 1, page_size: 100 }, { signal }),
  });
  const verdict = useMemo(
    () => (text.trim() ? draftVerdict(text, validFrom, validTo, locale) : null),
    [text, validFrom, validTo, locale],
  );

  const startFrom = async (id: string) => {
    const detail = await callApi(calls.getAdminProduct, undefined, { params: { id } });
    const latest = [...detail.versions].reverse().find((v) => v.product);
    if (latest?.product) setText(definitionText(latest.product));
  };

  const send = async () => {
    if (!verdict?.product) return;
    setError(null);
    try {
      const answer = await callApi(calls.proposeProduct, { product: verdict.product, reason });
      setSent(answer.request_id);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const violations = (e.data as { cap_violations?: { message: Record<string, string> }[] } | null)
        ?.cap_violations;
      setError([e.message, ...(violations ?? []).map((v) => v.message[locale] ?? '')]);
    }
  };

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Propose a product version', 'id-ID': 'Usulkan versi produk' })}
      </Typography.Title>
      <Form layout="vertical" style={{ maxWidth: 880 }}>
        <Form.Item label={t({ 'en-US': 'Start from', 'id-ID': 'Mulai dari' })} htmlFor="start-from">
          <Select
            id="start-from"
            allowClear
            options={(products.data?.items ?? []).map((p) => ({
              value: p.product_id,
              label: `${p.name} (${p.product_id})`,
            }))}
            onChange={(id?: string) => void (id ? startFrom(id) : setText(''))}
          />
        </Form.Item>
        <Form.Item
          label={t({ 'en-US': 'First day (YYYY-MM-DD)', 'id-ID': 'Hari pertama (YYYY-MM-DD)' })}
          htmlFor="valid-from"
        >
          <Input id="valid-from" value={validFrom} onChange={(e) => setValidFrom(e.target.value)} />
        </Form.Item>
        <Form.Item
          label={t({
            'en-US': 'Last day, if it must end (YYYY-MM-DD)',
            'id-ID': 'Hari terakhir, jika harus berakhir (YYYY-MM-DD)',
          })}
          htmlFor="valid-to"
        >
          <Input id="valid-to" value={validTo} onChange={(e) => setValidTo(e.target.value)} />
        </Form.Item>
        <Form.Item
          label={t({ 'en-US': 'Product definition (JSON)', 'id-ID': 'Definisi produk (JSON)' })}
          htmlFor="definition"
        >
          <Input.TextArea
            id="definition"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 12, maxRows: 30 }}
            style={{ fontFamily: 'monospace' }}
          />
        </Form.Item>
        {verdict && verdict.issues.length > 0 && (
          <Alert
            type="error"
            data-testid="draft-issues"
            title={t({ 'en-US': 'The definition is not valid', 'id-ID': 'Definisi belum sah' })}
            description={
              <ul>
                {verdict.issues.map((issue) => (
                  <li key={issue}>{issue}</li>
                ))}
              </ul>
            }
          />
        )}
        {verdict && verdict.checks.length > 0 && (
          <section aria-labelledby="cap-verdict">
            <Typography.Title level={2} style={{ fontSize: 18 }} id="cap-verdict">
              {t({ 'en-US': 'Cap verdict', 'id-ID': 'Hasil pemeriksaan batas' })}
            </Typography.Title>
            <List
              data-testid="cap-verdict"
              dataSource={verdict.checks}
              renderItem={(check) => (
                <List.Item>
                  <div>
                    <Tag color={check.ok ? 'green' : 'red'}>
                      {check.date}:{' '}
                      {check.ok
                        ? t({ 'en-US': 'within the caps', 'id-ID': 'dalam batas' })
                        : t({ 'en-US': 'over a cap', 'id-ID': 'melewati batas' })}
                    </Tag>
                    {check.messages.map((m) => (
                      <div key={m}>{m}</div>
                    ))}
                  </div>
                </List.Item>
              )}
            />
          </section>
        )}
        <Form.Item
          label={t({ 'en-US': 'Reason (kept in the audit log)', 'id-ID': 'Alasan (disimpan di log audit)' })}
          htmlFor="proposal-reason"
        >
          <Input.TextArea
            id="proposal-reason"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
        {error && <Alert type="error" title={error[0]} description={error.slice(1).join(' · ')} />}
        {sent && (
          <Alert
            type="success"
            title={t({
              'en-US': `Sent for approval (request ${sent})`,
              'id-ID': `Dikirim untuk persetujuan (permintaan ${sent})`,
            })}
          />
        )}
        <Button
          type="primary"
          disabled={!verdict?.sendable || !reason.trim()}
          onClick={() => void send()}
          style={{ marginTop: 16 }}
        >
          {t({ 'en-US': 'Send for approval', 'id-ID': 'Kirim untuk persetujuan' })}
        </Button>
      </Form>
    </>
  );
}
