import { Alert, Button, Card, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { adminReliefCalls, type AdminReliefDetail } from '@kaskita/domain/contract/admin-relief';
import { reliefDaysField } from '@kaskita/domain/contract/relief';
import { MAX_DEFERRAL_DAYS, MIN_DEFERRAL_DAYS, RELIEF_ANSWER_MAX } from '@kaskita/domain/relief/relief-rules';
import { ReasonButton } from '../../components/reason-modal.tsx';
import { callApi } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { mayAnswer } from './relief-status.tsx';

const calls = adminReliefCalls;

interface OfferValues {
  days: number | null;
  reason: string;
}

/** The offer's days and the maker's reason; the offer reaches the borrower only after a second member approves it. */
function ProposeForm({
  relief,
  onProposed,
  onDaysChange,
}: {
  relief: AdminReliefDetail;
  onProposed(days: number): Promise<void>;
  onDaysChange?: (days: number) => void;
}) {
  const { t } = useI18n();
  const [form] = Form.useForm<OfferValues>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const daysMessage = t({
    'en-US': `Between ${MIN_DEFERRAL_DAYS} and ${MAX_DEFERRAL_DAYS} whole days`,
    'id-ID': `Antara ${MIN_DEFERRAL_DAYS} dan ${MAX_DEFERRAL_DAYS} hari (bilangan bulat)`,
  });
  const send = async ({ days, reason }: OfferValues) => {
    setError(null);
    setSending(true);
    try {
      // The field's rule passed already; parsing only takes the form's `null` out of the type.
      const offered = reliefDaysField.parse(days);
      await callApi(
        calls.proposeRelief,
        { days: offered, reason: reason.trim() },
        { params: { id: relief.id } },
      );
      await onProposed(offered);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSending(false);
    }
  };
  return (
    <Form
      form={form}
      name="relief-offer"
      layout="vertical"
      initialValues={{ days: relief.days_asked, reason: '' }}
      onFinish={send}
      onValuesChange={(changed: Partial<OfferValues>) => {
        const typed = reliefDaysField.safeParse(changed.days);
        if ('days' in changed && typed.success) onDaysChange?.(typed.data);
      }}
    >
      <Form.Item
        name="days"
        label={t({ 'en-US': 'Days to offer', 'id-ID': 'Hari yang ditawarkan' })}
        extra={t({
          'en-US': `The borrower asked for ${relief.days_asked}. Every unpaid bill falls due this many days later.`,
          'id-ID': `Peminjam meminta ${relief.days_asked}. Setiap tagihan yang belum dibayar jatuh tempo sebanyak ini hari kemudian.`,
        })}
        rules={[
          {
            // The contract's own rule (the server checks it again), in the desk's words rather than the borrower's.
            validator: async (_rule, value: unknown) => {
              if (!reliefDaysField.safeParse(value).success) throw new Error(daysMessage);
            },
          },
        ]}
      >
        <InputNumber min={MIN_DEFERRAL_DAYS} max={MAX_DEFERRAL_DAYS} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t({
          'en-US': 'Reason (for the approver; kept in the audit log)',
          'id-ID': 'Alasan (untuk penyetuju; disimpan di log audit)',
        })}
        rules={[
          {
            required: true,
            whitespace: true,
            message: t({ 'en-US': 'Say why', 'id-ID': 'Tuliskan alasannya' }),
          },
        ]}
      >
        <Input.TextArea rows={3} maxLength={RELIEF_ANSWER_MAX} showCount />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Button type="primary" htmlType="submit" loading={sending}>
        {t({ 'en-US': 'Propose offer', 'id-ID': 'Usulkan penawaran' })}
      </Button>
    </Form>
  );
}

/**
 * The desk's answer to a request still waiting for it: an offer of days (maker-checker) or a decline. Once proposed, it
 * says where the offer went, even after the refreshed request no longer takes an answer.
 */
export function ReliefActions({
  relief,
  onDone,
  onDaysChange,
}: {
  relief: AdminReliefDetail;
  onDone(): Promise<void>;
  /** The days typed, once valid: the page previews them. */
  onDaysChange?: (days: number) => void;
}) {
  const { t } = useI18n();
  const [proposed, setProposed] = useState<number | null>(null);
  if (proposed !== null)
    return (
      <Alert
        type="success"
        showIcon
        data-testid="relief-proposed"
        title={t({
          'en-US': `Offer of ${proposed} days proposed. It now waits for a second member to approve it in Approvals; the borrower sees it only then.`,
          'id-ID': `Penawaran ${proposed} hari diusulkan. Kini menunggu persetujuan staf lain di Persetujuan; peminjam baru melihatnya setelah itu.`,
        })}
        description={
          <Link to="/approvals">{t({ 'en-US': 'Open Approvals', 'id-ID': 'Buka Persetujuan' })}</Link>
        }
      />
    );
  if (!mayAnswer(relief)) return null;
  return (
    <Card
      title={
        <h2 style={{ fontSize: 16, margin: 0 }}>
          {t({ 'en-US': 'Answer the request', 'id-ID': 'Jawab pengajuan' })}
        </h2>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <ProposeForm
          relief={relief}
          onDaysChange={onDaysChange}
          onProposed={async (days) => {
            setProposed(days);
            await onDone();
          }}
        />
        <ReasonButton
          danger
          label={t({ 'en-US': 'Decline', 'id-ID': 'Tolak' })}
          title={t({ 'en-US': 'Decline the request', 'id-ID': 'Tolak pengajuan' })}
          description={
            <Typography.Paragraph>
              {t({
                'en-US':
                  'The request is closed. The reason you type is shown to the borrower in the app and sent by SMS: write it for them.',
                'id-ID':
                  'Pengajuan ditutup. Alasan yang Anda ketik ditampilkan di aplikasi peminjam dan dikirim lewat SMS: tulis untuk mereka.',
              })}
            </Typography.Paragraph>
          }
          onSubmit={async ({ reason }) => {
            await callApi(calls.declineRelief, { reason }, { params: { id: relief.id } });
            await onDone();
          }}
        />
      </Space>
    </Card>
  );
}
