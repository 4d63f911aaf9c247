import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { adminCareCalls, type AdminFeedbackDetail } from '@kaskita/domain/contract/admin-care';
import { ReasonButton } from '../../components/reason-modal.tsx';
import { useCan } from '../../app/permission-tree.ts';
import { callApi } from '../../lib/api-client.ts';
import { formatBusinessDate, formatDateTime } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { parseForm } from '../../lib/zod-form.ts';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { FEEDBACK_KIND_LABELS, FEEDBACK_STATUS_LABELS } from './feedback-labels.ts';

const calls = adminCareCalls;

/** The reply the borrower reads in the app; sending it also texts them that a reply is waiting. */
export function ReplyForm({
  feedback,
  onSent,
}: {
  feedback: AdminFeedbackDetail;
  onSent: () => Promise<void>;
}) {
  const { t, locale } = useI18n();
  const [form] = Form.useForm<{ reply: string }>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async (values: { reply: string }) => {
    setError(null);
    const body = parseForm(form, calls.replyFeedback.body, values, locale);
    if (!body) return;
    setSending(true);
    try {
      await callApi(calls.replyFeedback, body, { params: { id: feedback.id } });
      form.resetFields();
      await onSent();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSending(false);
    }
  };
  return (
    <Form form={form} name="reply" layout="vertical" onFinish={send}>
      <Form.Item
        name="reply"
        label={t({ 'en-US': 'Reply to the borrower', 'id-ID': 'Balasan untuk peminjam' })}
        extra={t({
          'en-US':
            'Shown in the borrower’s app; an SMS tells them a reply is waiting. Kept in the audit log.',
          'id-ID': 'Ditampilkan di aplikasi peminjam; SMS memberi tahu ada balasan. Disimpan di log audit.',
        })}
      >
        <Input.TextArea rows={4} maxLength={2000} />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Button type="primary" htmlType="submit" loading={sending}>
        {t({ 'en-US': 'Send reply', 'id-ID': 'Kirim balasan' })}
      </Button>
    </Form>
  );
}

/** One feedback or complaint (complaint.answer): the borrower's text, the reply, and closing with a resolution. */
export default function FeedbackDetailPage() {
  const { id = '' } = useParams();
  const { t, locale } = useI18n();
  const canAnswer = useCan(PERMISSIONS.complaintAnswer);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [calls.getFeedback.id, id],
    queryFn: ({ signal }) => callApi(calls.getFeedback, undefined, { params: { id }, signal }),
  });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: [calls.getFeedback.id, id] });
    await queryClient.invalidateQueries({ queryKey: [calls.listFeedback.id] });
  };
  const f = query.data;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {f ? t(FEEDBACK_KIND_LABELS[f.kind]) : t({ 'en-US': 'Feedback', 'id-ID': 'Masukan' })}
      </Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Link to="/feedback">
          {t({ 'en-US': 'Back to feedback & complaints', 'id-ID': 'Kembali ke masukan & pengaduan' })}
        </Link>
        {query.error && <Alert type="error" showIcon title={query.error.message} />}
        {f && (
          <>
            <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
              <Descriptions.Item label={t({ 'en-US': 'Status', 'id-ID': 'Status' })}>
                {t(FEEDBACK_STATUS_LABELS[f.status])}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Received', 'id-ID': 'Diterima' })}>
                {formatDateTime(f.created_at, locale)}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Answer by', 'id-ID': 'Jawab paling lambat' })}>
                {formatBusinessDate(f.deadline, locale)}
                {f.overdue ? ` · ${t({ 'en-US': 'overdue', 'id-ID': 'terlambat' })}` : ''}
              </Descriptions.Item>
              <Descriptions.Item label={t({ 'en-US': 'Borrower', 'id-ID': 'Peminjam' })}>
                <Link to={`/borrowers/${f.user_id}`}>{f.user_id}</Link>
              </Descriptions.Item>
            </Descriptions>
            <Card
              title={
                <h2 style={{ fontSize: 16, margin: 0 }}>
                  {t({ 'en-US': 'Their words', 'id-ID': 'Isi pesan' })}
                </h2>
              }
            >
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{f.content}</Typography.Paragraph>
            </Card>
            {f.reply && (
              <Card
                title={
                  <h2 style={{ fontSize: 16, margin: 0 }}>
                    {t({ 'en-US': 'Our reply', 'id-ID': 'Balasan kami' })}
                  </h2>
                }
              >
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{f.reply}</Typography.Paragraph>
                {f.replied_at && (
                  <Typography.Text type="secondary">{formatDateTime(f.replied_at, locale)}</Typography.Text>
                )}
              </Card>
            )}
            {f.resolution && (
              <Alert
                type="success"
                showIcon
                title={t({ 'en-US': 'Closed with the resolution', 'id-ID': 'Ditutup dengan penyelesaian' })}
                description={f.resolution}
              />
            )}
            {canAnswer && f.status !== 'closed' && (
              <Card
                title={
                  <h2 style={{ fontSize: 16, margin: 0 }}>{t({ 'en-US': 'Answer', 'id-ID': 'Jawab' })}</h2>
                }
              >
                <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                  <ReplyForm feedback={f} onSent={refresh} />
                  <ReasonButton
                    label={t({ 'en-US': 'Close with a resolution', 'id-ID': 'Tutup dengan penyelesaian' })}
                    title={t({ 'en-US': 'Close it', 'id-ID': 'Tutup' })}
                    description={
                      <p>
                        {t({
                          'en-US': 'The reason you type is the resolution the borrower reads in the app.',
                          'id-ID':
                            'Alasan yang Anda ketik adalah penyelesaian yang dibaca peminjam di aplikasi.',
                        })}
                      </p>
                    }
                    onSubmit={async ({ reason }) => {
                      await callApi(calls.closeFeedback, { resolution: reason }, { params: { id: f.id } });
                      await refresh();
                    }}
                  />
                </Space>
              </Card>
            )}
          </>
        )}
      </Space>
    </>
  );
}
