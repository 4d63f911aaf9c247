import { Alert, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import {
  adminCollectionCalls,
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
} from '@kaskita/domain/contract/admin-collections';
import type { Bilingual } from '@kaskita/domain/i18n/locale';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { borrowerTime } from './contact-time.ts';

const CHANNEL_LABELS: Record<(typeof CONTACT_CHANNELS)[number], Bilingual> = {
  call: { 'en-US': 'Call', 'id-ID': 'Telepon' },
  message: { 'en-US': 'Message', 'id-ID': 'Pesan' },
  visit: { 'en-US': 'Visit', 'id-ID': 'Kunjungan' },
};
const OUTCOME_LABELS: Record<(typeof CONTACT_OUTCOMES)[number], Bilingual> = {
  reached: { 'en-US': 'Reached the borrower', 'id-ID': 'Terhubung dengan peminjam' },
  no_answer: { 'en-US': 'No answer', 'id-ID': 'Tidak dijawab' },
  wrong_number: { 'en-US': 'Wrong number', 'id-ID': 'Nomor salah' },
  promised_to_pay: { 'en-US': 'Promised to pay', 'id-ID': 'Berjanji membayar' },
  refused_to_pay: { 'en-US': 'Refused to pay', 'id-ID': 'Menolak membayar' },
  left_message: { 'en-US': 'Left a message', 'id-ID': 'Meninggalkan pesan' },
};

interface ContactFormProps {
  loanId: string;
  /** From the server: when a contact is next allowed, in the borrower's zone(s). */
  nextAllowedAt: string;
  mayContactNow: boolean;
  zones: readonly string[];
  onRecorded(): Promise<unknown> | void;
}

interface Values {
  channel: (typeof CONTACT_CHANNELS)[number];
  outcome: (typeof CONTACT_OUTCOMES)[number];
  note: string;
}

/**
 * Records a call, message or visit. It says when contact is next allowed and offers the button only then; the server
 * checks the rule again at the instant it writes and its refusal (4360, with the next allowed time) is shown here.
 */
export function ContactForm({ loanId, nextAllowedAt, mayContactNow, zones, onRecorded }: ContactFormProps) {
  const { t, locale } = useI18n();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      await callApi(
        adminCollectionCalls.recordCollectionContact,
        { ...values, note: values.note.trim() },
        { params: { id: loanId } },
      );
      form.resetFields();
      await onRecorded();
    } catch (e) {
      const next =
        e instanceof ApiError ? (e.data as { next_allowed_at?: string } | null)?.next_allowed_at : null;
      const message = e instanceof Error ? e.message : String(e);
      setError(next ? `${message}: ${borrowerTime(next, zones, locale)}` : message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {mayContactNow ? (
        <Alert
          type="success"
          showIcon
          title={t({ 'en-US': 'Contact is allowed now', 'id-ID': 'Boleh dihubungi sekarang' })}
        />
      ) : (
        <Alert
          type="warning"
          showIcon
          data-testid="next-allowed-contact"
          title={`${t({ 'en-US': 'Next allowed contact', 'id-ID': 'Boleh dihubungi berikutnya' })}: ${borrowerTime(nextAllowedAt, zones, locale)}`}
        />
      )}
      <Form form={form} name="contact-form" layout="vertical" onFinish={submit} style={{ marginTop: 16 }}>
        <Form.Item
          name="channel"
          label={t({ 'en-US': 'Channel', 'id-ID': 'Saluran' })}
          rules={[{ required: true, message: t({ 'en-US': 'Choose one', 'id-ID': 'Pilih salah satu' }) }]}
        >
          <Select options={CONTACT_CHANNELS.map((c) => ({ value: c, label: t(CHANNEL_LABELS[c]) }))} />
        </Form.Item>
        <Form.Item
          name="outcome"
          label={t({ 'en-US': 'Outcome', 'id-ID': 'Hasil' })}
          rules={[{ required: true, message: t({ 'en-US': 'Choose one', 'id-ID': 'Pilih salah satu' }) }]}
        >
          <Select options={CONTACT_OUTCOMES.map((o) => ({ value: o, label: t(OUTCOME_LABELS[o]) }))} />
        </Form.Item>
        <Form.Item
          name="note"
          label={t({ 'en-US': 'Note (kept in the audit log)', 'id-ID': 'Catatan (disimpan di log audit)' })}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t({ 'en-US': 'Write what happened', 'id-ID': 'Tuliskan apa yang terjadi' }),
            },
            { max: 500 },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} disabled={!mayContactNow}>
          {t({ 'en-US': 'Record contact', 'id-ID': 'Catat kontak' })}
        </Button>
      </Form>
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} data-testid="contact-error" />
      )}
    </>
  );
}
