import { Alert, Button, Card, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { adminReliefCalls, type AdminReliefDetail } from '@kaskita/domain/contract/admin-relief';
import { reliefDaysField, reliefExtraField } from '@kaskita/domain/contract/relief';
import {
  MAX_DEFERRAL_DAYS,
  MAX_EXTRA_INSTALMENTS,
  MIN_DEFERRAL_DAYS,
  MIN_EXTRA_INSTALMENTS,
  RELIEF_ANSWER_MAX,
} from '@kaskita/domain/relief/relief-rules';
import { ReasonButton } from '../../components/reason-modal.tsx';
import { callApi } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { mayAnswer } from './relief-status.tsx';
import { useReliefTermsText } from './relief-terms-text.ts';

const calls = adminReliefCalls;

/** An offer's number, of the request's kind: days for a deferral, instalments to add for a spread. */
export type ReliefOffer = { days?: number; extra?: number };

interface OfferValues {
  count: number | null;
  reason: string;
}

/**
 * The offer's number (days, or instalments to add: the kind is the borrower's) and the maker's reason; the offer
 * reaches the borrower only after a second member approves it.
 */
function ProposeForm({
  relief,
  onProposed,
  onOfferChange,
}: {
  relief: AdminReliefDetail;
  onProposed(offer: ReliefOffer): Promise<void>;
  onOfferChange?: (offer: ReliefOffer) => void;
}) {
  const { t } = useI18n();
  const termsText = useReliefTermsText();
  const [form] = Form.useForm<OfferValues>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const spread = relief.kind === 'spread';
  const field = spread ? reliefExtraField : reliefDaysField;
  const offerOf = (count: number): ReliefOffer => (spread ? { extra: count } : { days: count });
  const countMessage = spread
    ? t({
        'en-US': `Between ${MIN_EXTRA_INSTALMENTS} and ${MAX_EXTRA_INSTALMENTS} instalments`,
        'id-ID': `Antara ${MIN_EXTRA_INSTALMENTS} dan ${MAX_EXTRA_INSTALMENTS} cicilan`,
      })
    : t({
        'en-US': `Between ${MIN_DEFERRAL_DAYS} and ${MAX_DEFERRAL_DAYS} whole days`,
        'id-ID': `Antara ${MIN_DEFERRAL_DAYS} dan ${MAX_DEFERRAL_DAYS} hari (bilangan bulat)`,
      });
  const asked = termsText(relief.kind, relief.days_asked, relief.extra_asked);
  const send = async ({ count, reason }: OfferValues) => {
    setError(null);
    setSending(true);
    try {
      // The field's rule passed already; parsing only takes the form's `null` out of the type.
      const offer = offerOf(field.parse(count));
      await callApi(calls.proposeRelief, { ...offer, reason: reason.trim() }, { params: { id: relief.id } });
      await onProposed(offer);
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
      initialValues={{ count: spread ? relief.extra_asked : relief.days_asked, reason: '' }}
      onFinish={send}
      onValuesChange={(changed: Partial<OfferValues>) => {
        const typed = field.safeParse(changed.count);
        if ('count' in changed && typed.success) onOfferChange?.(offerOf(typed.data));
      }}
    >
      <Form.Item
        name="count"
        label={
          spread
            ? t({ 'en-US': 'Instalments to add', 'id-ID': 'Cicilan yang ditambahkan' })
            : t({ 'en-US': 'Days to offer', 'id-ID': 'Hari yang ditawarkan' })
        }
        extra={
          spread
            ? t({
                'en-US': `The borrower asked for ${asked}. What remains of the principal is spread over this many more bills after the last; each unpaid bill keeps the same share of its principal left, so none asks more.`,
                'id-ID': `Peminjam meminta ${asked}. Sisa pokok dibagi ke sebanyak ini tagihan tambahan setelah tagihan terakhir; setiap tagihan yang belum dibayar menyimpan bagian yang sama dari sisa pokoknya, jadi tidak ada yang bertambah.`,
              })
            : t({
                'en-US': `The borrower asked for ${asked}. Every unpaid bill falls due this many days later.`,
                'id-ID': `Peminjam meminta ${asked}. Setiap tagihan yang belum dibayar jatuh tempo sebanyak ini hari kemudian.`,
              })
        }
        rules={[
          {
            // The contract's own rule (the server checks it again), in the desk's words rather than the borrower's.
            validator: async (_rule, value: unknown) => {
              if (!field.safeParse(value).success) throw new Error(countMessage);
            },
          },
        ]}
      >
        <InputNumber
          min={spread ? MIN_EXTRA_INSTALMENTS : MIN_DEFERRAL_DAYS}
          max={spread ? MAX_EXTRA_INSTALMENTS : MAX_DEFERRAL_DAYS}
          precision={0}
          style={{ width: 120 }}
        />
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
 * The desk's answer to a request still waiting for it: an offer (maker-checker) or a decline. Once proposed, it says
 * where the offer went, even after the refreshed request no longer takes an answer.
 */
export function ReliefActions({
  relief,
  onDone,
  onOfferChange,
}: {
  relief: AdminReliefDetail;
  onDone(): Promise<void>;
  /** The number typed, once valid: the page previews it. */
  onOfferChange?: (offer: ReliefOffer) => void;
}) {
  const { t } = useI18n();
  const termsText = useReliefTermsText();
  const [proposed, setProposed] = useState<ReliefOffer | null>(null);
  if (proposed !== null) {
    const offered = termsText(relief.kind, proposed.days ?? null, proposed.extra ?? null);
    return (
      <Alert
        type="success"
        showIcon
        data-testid="relief-proposed"
        title={t({
          'en-US': `Offer proposed: ${offered}. It now waits for a second member to approve it in Approvals; the borrower sees it only then.`,
          'id-ID': `Penawaran diusulkan: ${offered}. Kini menunggu persetujuan staf lain di Persetujuan; peminjam baru melihatnya setelah itu.`,
        })}
        description={
          <Link to="/approvals">{t({ 'en-US': 'Open Approvals', 'id-ID': 'Buka Persetujuan' })}</Link>
        }
      />
    );
  }
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
          onOfferChange={onOfferChange}
          onProposed={async (offer) => {
            setProposed(offer);
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
