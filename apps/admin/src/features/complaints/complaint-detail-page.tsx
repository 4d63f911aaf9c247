import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Image, Input, Space, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { extendedAnswerBy } from '@kaskita/domain/complaints/complaint-deadline';
import { DEFAULT_HOLIDAY_CALENDAR } from '@kaskita/domain/collection/holidays';
import { COMPLAINT_ANSWER_MAX, COMPLAINT_REASON_MAX } from '@kaskita/domain/complaints/complaint-rules';
import { adminComplaintCalls, type AdminComplaintDetail } from '@kaskita/domain/contract/admin-complaints';
import { ReasonButton } from '../../components/reason-modal.tsx';
import { callApi } from '../../lib/api-client.ts';
import { formatBusinessDate, formatDateTime } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { parseForm } from '../../lib/zod-form.ts';
import { ComplaintDeadline, ComplianceTag } from './complaint-deadline-cell.tsx';
import {
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_EVENT_LABELS,
  COMPLAINT_STATUS_LABELS,
} from './complaint-labels.ts';

const calls = adminComplaintCalls;

/** The answer the borrower reads in the app; an SMS tells them it is there. */
function AnswerForm({ complaint, onDone }: { complaint: AdminComplaintDetail; onDone: () => Promise<void> }) {
  const { t, locale } = useI18n();
  const [form] = Form.useForm<{ answer: string }>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async (values: { answer: string }) => {
    setError(null);
    const body = parseForm(form, calls.answerComplaint.body, values, locale);
    if (!body) return;
    setSending(true);
    try {
      await callApi(calls.answerComplaint, body, { params: { id: complaint.id } });
      form.resetFields();
      await onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSending(false);
    }
  };
  return (
    <Form form={form} name="answer" layout="vertical" onFinish={send}>
      <Form.Item
        name="answer"
        label={t({ 'en-US': 'Answer to the borrower', 'id-ID': 'Jawaban untuk peminjam' })}
        extra={t({
          'en-US':
            'Shown in the borrower’s app; an SMS tells them an answer is waiting. Kept in the audit log.',
          'id-ID': 'Ditampilkan di aplikasi peminjam; SMS memberi tahu ada jawaban. Disimpan di log audit.',
        })}
      >
        <Input.TextArea rows={4} maxLength={COMPLAINT_ANSWER_MAX} />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Button type="primary" htmlType="submit" loading={sending}>
        {t({ 'en-US': 'Send answer', 'id-ID': 'Kirim jawaban' })}
      </Button>
    </Form>
  );
}

/** The borrower's photo, decrypted on demand (each look is an audit row), kept in this component only. */
function ComplaintPhoto({ complaintId }: { complaintId: string }) {
  const { t } = useI18n();
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (src)
    return (
      <Image
        src={src}
        alt={t({ 'en-US': 'The borrower’s photo', 'id-ID': 'Foto dari peminjam' })}
        width={320}
      />
    );
  return (
    <Space orientation="vertical">
      <Button
        onClick={async () => {
          try {
            const photo = await callApi(calls.viewComplaintPhoto, {}, { params: { id: complaintId } });
            setSrc(`data:${photo.content_type};base64,${photo.data}`);
          } catch (e) {
            setError(e instanceof Error ? e.message : String(e));
          }
        }}
      >
        {t({ 'en-US': 'Show the photo', 'id-ID': 'Tampilkan foto' })}
      </Button>
      {error && <Alert type="error" showIcon title={error} />}
    </Space>
  );
}

/** What the desk may do to the case now (the server's `can`), each step texting the borrower. */
export function ComplaintActions({
  complaint,
  onDone,
}: {
  complaint: AdminComplaintDetail;
  onDone: () => Promise<void>;
}) {
  const { t, locale } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const { can } = complaint;
  if (!can.start && !can.answer && !can.extend && !can.close) return null;
  const newDeadline = formatBusinessDate(
    extendedAnswerBy(complaint.answer_by, DEFAULT_HOLIDAY_CALENDAR),
    locale,
  );
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t({ 'en-US': 'Act', 'id-ID': 'Tindakan' })}</h2>}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {error && <Alert type="error" showIcon title={error} />}
        {can.start && (
          <Button
            onClick={async () => {
              setError(null);
              try {
                await callApi(calls.startComplaint, {}, { params: { id: complaint.id } });
                await onDone();
              } catch (e) {
                setError(e instanceof Error ? e.message : String(e));
              }
            }}
          >
            {t({ 'en-US': 'Take it up', 'id-ID': 'Mulai tangani' })}
          </Button>
        )}
        {can.answer && <AnswerForm complaint={complaint} onDone={onDone} />}
        <Space wrap>
          {can.extend && (
            <ReasonButton
              label={t({ 'en-US': 'Extend the deadline', 'id-ID': 'Perpanjang batas waktu' })}
              title={t({ 'en-US': 'Extend the deadline, once', 'id-ID': 'Perpanjang batas waktu, sekali' })}
              description={
                <Typography.Paragraph>
                  {t({
                    'en-US': `The new deadline will be ${newDeadline} (10 more working days; the server counts the holidays it is configured with). The reason you type is sent to the borrower by SMS and shown in the app. A case is extended only once.`,
                    'id-ID': `Batas waktu baru ${newDeadline} (10 hari kerja lagi; server menghitung hari libur sesuai pengaturannya). Alasan yang Anda ketik dikirim ke peminjam lewat SMS dan tampil di aplikasi. Perpanjangan hanya sekali.`,
                  })}
                </Typography.Paragraph>
              }
              onSubmit={async ({ reason }) => {
                if (reason.length > COMPLAINT_REASON_MAX)
                  throw new Error(
                    t({
                      'en-US': `At most ${COMPLAINT_REASON_MAX} characters: it goes in an SMS`,
                      'id-ID': `Paling banyak ${COMPLAINT_REASON_MAX} karakter: dikirim lewat SMS`,
                    }),
                  );
                await callApi(calls.extendComplaint, { reason }, { params: { id: complaint.id } });
                await onDone();
              }}
            />
          )}
          {can.close && (
            <ReasonButton
              label={t({ 'en-US': 'Close the case', 'id-ID': 'Tutup kasus' })}
              title={t({ 'en-US': 'Close the case', 'id-ID': 'Tutup kasus' })}
              description={
                <Typography.Paragraph>
                  {t({
                    'en-US': 'What you type is the closing note the borrower reads beside the answers.',
                    'id-ID':
                      'Yang Anda ketik adalah catatan penutup yang dibaca peminjam di samping jawaban.',
                  })}
                </Typography.Paragraph>
              }
              onSubmit={async ({ reason }) => {
                await callApi(calls.closeComplaint, { note: reason }, { params: { id: complaint.id } });
                await onDone();
              }}
            />
          )}
        </Space>
      </Space>
    </Card>
  );
}

/** One complaint (complaint.answer): the borrower's words, the case's history and the desk's next step. */
export default function ComplaintDetailPage() {
  const { id = '' } = useParams();
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [calls.getComplaint.id, id],
    queryFn: ({ signal }) => callApi(calls.getComplaint, undefined, { params: { id }, signal }),
  });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: [calls.getComplaint.id, id] });
    await queryClient.invalidateQueries({ queryKey: [calls.listComplaints.id] });
  };
  const c = query.data;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {c
          ? `${c.case_number} · ${t(COMPLAINT_CATEGORY_LABELS[c.category])}`
          : t({ 'en-US': 'Complaint', 'id-ID': 'Pengaduan' })}
      </Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Link to="/complaints">{t({ 'en-US': 'Back to complaints', 'id-ID': 'Kembali ke pengaduan' })}</Link>
        {query.error && <Alert type="error" showIcon title={query.error.message} />}
        {c && (
          <>
            <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
              <Descriptions.Item label={t({ 'en-US': 'Status', 'id-ID': 'Status' })}>
                <span data-testid="complaint-status">{t(COMPLAINT_STATUS_LABELS[c.status])}</span>{' '}
                {c.compliance && <ComplianceTag />}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Answer by', 'id-ID': 'Jawab paling lambat' })}>
                <ComplaintDeadline row={c} />
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Filed', 'id-ID': 'Diajukan' })}>
                {formatDateTime(c.filed_at, locale)}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'First deadline', 'id-ID': 'Batas waktu awal' })}>
                {formatBusinessDate(c.first_answer_by, locale)}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Borrower', 'id-ID': 'Peminjam' })}>
                <Link to={`/borrowers/${c.user_id}`}>{c.user_id}</Link>
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Their language', 'id-ID': 'Bahasa peminjam' })}>
                {c.locale}
              </Descriptions.Item>
              {c.order_id && (
                <Descriptions.Item label={t({ 'en-US': 'Loan', 'id-ID': 'Pinjaman' })}>
                  <Link to={`/loans/${c.order_id}`}>{c.order_id}</Link>
                </Descriptions.Item>
              )}
              {c.payment_id && (
                <Descriptions.Item label={t({ 'en-US': 'Payment', 'id-ID': 'Pembayaran' })}>
                  {c.payment_id}
                </Descriptions.Item>
              )}
            </Descriptions>
            <Card
              title={
                <h2 style={{ fontSize: 16, margin: 0 }}>
                  {t({ 'en-US': 'Their words', 'id-ID': 'Isi pengaduan' })}
                </h2>
              }
            >
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{c.text}</Typography.Paragraph>
              {c.has_photo && <ComplaintPhoto complaintId={c.id} />}
            </Card>
            <Card
              title={
                <h2 style={{ fontSize: 16, margin: 0 }}>{t({ 'en-US': 'History', 'id-ID': 'Riwayat' })}</h2>
              }
            >
              <Timeline
                items={c.events.map((e, i) => ({
                  key: i,
                  content: (
                    <>
                      <Typography.Text strong>{t(COMPLAINT_EVENT_LABELS[e.kind])}</Typography.Text>{' '}
                      <Typography.Text type="secondary">
                        {formatDateTime(e.at, locale)}
                        {e.staff_name ? ` · ${e.staff_name}` : ''}
                        {e.answer_by
                          ? ` · ${t({ 'en-US': 'answer by', 'id-ID': 'jawab paling lambat' })} ${formatBusinessDate(e.answer_by, locale)}`
                          : ''}
                      </Typography.Text>
                      {e.text && (
                        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                          {e.text}
                        </Typography.Paragraph>
                      )}
                    </>
                  ),
                }))}
              />
            </Card>
            <ComplaintActions complaint={c} onDone={refresh} />
          </>
        )}
      </Space>
    </>
  );
}
