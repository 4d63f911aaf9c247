import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  InputNumber,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { adminBorrowerCalls } from '@kaskita/domain/contract/admin-borrowers';
import { adminReviewCalls } from '@kaskita/domain/contract/admin-review';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { useCan } from '../../app/permission-tree.ts';
import { ReasonButton, ReasonModal } from '../../components/reason-modal.tsx';
import { callApi } from '../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { RevealedPhoto } from './revealed-photo.tsx';

type OcrReveal = NonNullable<
  Awaited<ReturnType<typeof callApi<typeof adminBorrowerCalls.revealBorrowerPii>>>['ocr']
>;

const FIELD_LABELS = {
  nik: { 'en-US': 'NIK', 'id-ID': 'NIK' },
  name: { 'en-US': 'Name', 'id-ID': 'Nama' },
  birth_date: { 'en-US': 'Date of birth', 'id-ID': 'Tanggal lahir' },
  gender: { 'en-US': 'Gender', 'id-ID': 'Jenis kelamin' },
  religion: { 'en-US': 'Religion', 'id-ID': 'Agama' },
  marital: { 'en-US': 'Marital status', 'id-ID': 'Status perkawinan' },
} as const;

/** One application of the review queue: what the rules saw and doubted, and the reviewer's decision. */
export default function ReviewApplicationPage() {
  const { id = '' } = useParams();
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const canReveal = useCan(PERMISSIONS.piiReveal);
  const [ocr, setOcr] = useState<OcrReveal | null>(null);
  const [askingOcr, setAskingOcr] = useState(false);
  const [approving, setApproving] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const detail = useQuery({
    queryKey: [adminReviewCalls.getReviewApplication.id, id],
    queryFn: ({ signal }) =>
      callApi(adminReviewCalls.getReviewApplication, undefined, { params: { id }, signal }),
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [adminReviewCalls.getReviewApplication.id, id] }),
      queryClient.invalidateQueries({ queryKey: [adminReviewCalls.listReviewQueue.id] }),
    ]);

  if (detail.isError) return <Alert type="error" showIcon title={detail.error.message} />;
  if (!detail.data) return null;
  const a = detail.data;
  const decidable = a.state === 'review' && a.approval_request_id === null;
  const yesNo = (v: boolean | null) =>
    v === null ? (
      <Tag>{t({ 'en-US': 'not read', 'id-ID': 'tidak terbaca' })}</Tag>
    ) : v ? (
      <Tag color="green">{t({ 'en-US': 'matches', 'id-ID': 'cocok' })}</Tag>
    ) : (
      <Tag color="red">{t({ 'en-US': 'differs', 'id-ID': 'berbeda' })}</Tag>
    );

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t({ 'en-US': 'Application in review', 'id-ID': 'Pengajuan dalam peninjauan' })}
        </Typography.Title>
        <Tag data-testid="application-state">{a.state}</Tag>
      </Flex>
      {outcome && <Alert type="success" showIcon title={outcome} />}
      {a.approval_request_id && (
        <Alert
          type="warning"
          showIcon
          title={t({
            'en-US': 'A decision waits for a second reviewer (Approvals).',
            'id-ID': 'Keputusan menunggu peninjau kedua (Persetujuan).',
          })}
        />
      )}
      <Card
        title={
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {t({ 'en-US': 'Borrower and profile', 'id-ID': 'Peminjam dan profil' })}
          </Typography.Title>
        }
      >
        <Descriptions column={2} size="small">
          <Descriptions.Item label={t({ 'en-US': 'Name', 'id-ID': 'Nama' })}>
            {a.borrower.name_masked ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t({ 'en-US': 'Phone', 'id-ID': 'Telepon' })}>
            {a.borrower.phone_masked}
          </Descriptions.Item>
          <Descriptions.Item label="NIK">{a.borrower.nik_masked ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t({ 'en-US': 'Submitted', 'id-ID': 'Diajukan' })}>
            {formatDateTime(a.submitted_at, locale)}
          </Descriptions.Item>
          <Descriptions.Item label={t({ 'en-US': 'Work', 'id-ID': 'Pekerjaan' })}>
            {a.profile.career ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t({ 'en-US': 'Salary range', 'id-ID': 'Rentang gaji' })}>
            {a.profile.salary_range ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item
            label={t({ 'en-US': 'Monthly income typed', 'id-ID': 'Penghasilan bulanan diisi' })}
          >
            {a.profile.monthly_income === null ? '—' : formatMoney(a.profile.monthly_income)}
          </Descriptions.Item>
          <Descriptions.Item label={t({ 'en-US': 'Monthly spending', 'id-ID': 'Pengeluaran bulanan' })}>
            {a.profile.monthly_spending === null ? '—' : formatMoney(a.profile.monthly_spending)}
          </Descriptions.Item>
          <Descriptions.Item label={t({ 'en-US': 'Other loans', 'id-ID': 'Pinjaman lain' })}>
            {a.profile.other_loan_status ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t({ 'en-US': 'Why a person decides', 'id-ID': 'Alasan ditinjau' })}>
            {a.flags.map((f) => (
              <Tag key={f.code} color="orange">
                {f.text}
              </Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Card
        title={
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {t({ 'en-US': 'KTP: OCR reading and what was typed', 'id-ID': 'KTP: hasil OCR dan yang diisi' })}
          </Typography.Title>
        }
      >
        <Table
          size="small"
          pagination={false}
          rowKey="field"
          dataSource={a.ocr.fields}
          columns={[
            {
              key: 'field',
              title: t({ 'en-US': 'Field', 'id-ID': 'Kolom' }),
              render: (_, f) => t(FIELD_LABELS[f.field]),
            },
            {
              key: 'matches',
              title: t({ 'en-US': 'OCR vs typed', 'id-ID': 'OCR vs diisi' }),
              render: (_, f) => yesNo(f.matches),
            },
            ...(ocr
              ? [
                  {
                    key: 'read',
                    title: t({ 'en-US': 'OCR read', 'id-ID': 'Terbaca OCR' }),
                    render: (_: unknown, f: { field: keyof OcrReveal['read'] }) =>
                      String(ocr.read[f.field] ?? '—'),
                  },
                  {
                    key: 'typed',
                    title: t({ 'en-US': 'Typed', 'id-ID': 'Diisi' }),
                    render: (_: unknown, f: { field: keyof OcrReveal['typed'] }) =>
                      String(ocr.typed[f.field] ?? '—'),
                  },
                ]
              : []),
          ]}
        />
        <Space style={{ marginTop: 12 }}>
          <Typography.Text type="secondary">
            {t({ 'en-US': 'OCR confidence', 'id-ID': 'Keyakinan OCR' })}: {a.ocr.confidence ?? '—'}
          </Typography.Text>
          {!ocr && (
            <Button disabled={!canReveal} onClick={() => setAskingOcr(true)}>
              {t({ 'en-US': 'Show the values side by side', 'id-ID': 'Tampilkan nilainya berdampingan' })}
            </Button>
          )}
        </Space>
        <ReasonModal
          open={askingOcr}
          title={t({
            'en-US': 'Show the OCR reading and the typed values',
            'id-ID': 'Tampilkan hasil OCR dan nilai yang diisi',
          })}
          onCancel={() => setAskingOcr(false)}
          onSubmit={async ({ reason }) => {
            const answer = await callApi(
              adminBorrowerCalls.revealBorrowerPii,
              { field: 'ocr_reading', reason },
              { params: { id: a.borrower.id } },
            );
            setOcr(answer.ocr);
            setAskingOcr(false);
          }}
        />
        <Flex gap={24} style={{ marginTop: 16 }} wrap>
          <div>
            <Typography.Title level={3} style={{ fontSize: 15 }}>
              {t({ 'en-US': 'KTP photo', 'id-ID': 'Foto KTP' })}
            </Typography.Title>
            <RevealedPhoto
              borrowerId={a.borrower.id}
              field="ktp_photo"
              label={t({ 'en-US': 'KTP photo', 'id-ID': 'foto KTP' })}
              available={a.has_ktp_photo}
            />
          </div>
          <div>
            <Typography.Title level={3} style={{ fontSize: 15 }}>
              Selfie
            </Typography.Title>
            <RevealedPhoto
              borrowerId={a.borrower.id}
              field="selfie"
              label="selfie"
              available={a.face.has_selfie}
            />
          </div>
        </Flex>
      </Card>

      <Card
        title={
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {t({ 'en-US': 'Face check and credit rules', 'id-ID': 'Pemeriksaan wajah dan aturan kredit' })}
          </Typography.Title>
        }
      >
        <Descriptions column={3} size="small">
          <Descriptions.Item label={t({ 'en-US': 'Face distance', 'id-ID': 'Jarak wajah' })}>
            {a.face.distance ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t({ 'en-US': 'Same person up to', 'id-ID': 'Orang yang sama hingga' })}>
            {a.face.threshold}
          </Descriptions.Item>
          <Descriptions.Item label={t({ 'en-US': 'Reviewed from', 'id-ID': 'Ditinjau mulai' })}>
            {a.face.review_from}
          </Descriptions.Item>
          <Descriptions.Item label={t({ 'en-US': 'Score', 'id-ID': 'Skor' })}>
            {a.score ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t({ 'en-US': 'Rules would lend', 'id-ID': 'Limit menurut aturan' })}>
            {a.suggested_limit === null ? '—' : formatMoney(a.suggested_limit)}
          </Descriptions.Item>
        </Descriptions>
        <Table
          size="small"
          pagination={false}
          rowKey="rule"
          dataSource={a.rules}
          locale={{
            emptyText: t({
              'en-US': 'The rules could not decide (no bureau answer)',
              'id-ID': 'Aturan tidak dapat memutuskan (tidak ada jawaban biro)',
            }),
          }}
          columns={[
            { key: 'rule', dataIndex: 'rule', title: t({ 'en-US': 'Rule', 'id-ID': 'Aturan' }) },
            {
              key: 'passed',
              title: t({ 'en-US': 'Outcome', 'id-ID': 'Hasil' }),
              render: (_, r) =>
                r.passed ? (
                  <Tag color="green">{t({ 'en-US': 'passed', 'id-ID': 'lolos' })}</Tag>
                ) : (
                  <Tag color="red">{t({ 'en-US': 'failed', 'id-ID': 'gagal' })}</Tag>
                ),
            },
            {
              key: 'reasons',
              title: t({ 'en-US': 'Reasons', 'id-ID': 'Alasan' }),
              render: (_, r) => r.reasons.map((x) => x.text).join('; ') || '—',
            },
            {
              key: 'facts',
              title: t({ 'en-US': 'Figures', 'id-ID': 'Angka' }),
              render: (_, r) =>
                Object.entries(r.facts)
                  .map(([k, v]) => `${k}: ${String(v)}`)
                  .join(', '),
            },
          ]}
        />
      </Card>

      {decidable && (
        <Flex gap={12}>
          <Button type="primary" onClick={() => setApproving(true)} data-testid="approve">
            {t({ 'en-US': 'Approve with a limit', 'id-ID': 'Setujui dengan limit' })}
          </Button>
          <ReasonButton
            danger
            label={t({ 'en-US': 'Reject', 'id-ID': 'Tolak' })}
            title={t({ 'en-US': 'Reject the application', 'id-ID': 'Tolak pengajuan' })}
            description={
              <Typography.Paragraph>
                {t({
                  'en-US':
                    'The borrower is told by SMS and in the app, and may apply again after the waiting period.',
                  'id-ID':
                    'Peminjam diberi tahu lewat SMS dan aplikasi, dan dapat mengajukan lagi setelah masa tunggu.',
                })}
              </Typography.Paragraph>
            }
            onSubmit={async ({ reason }) => {
              await callApi(
                adminReviewCalls.decideReviewApplication,
                { outcome: 'reject', reason },
                { params: { id } },
              );
              setOutcome(t({ 'en-US': 'Rejected.', 'id-ID': 'Ditolak.' }));
              await refresh();
            }}
          />
        </Flex>
      )}
      <ReasonModal<{ limit_amount: number }>
        open={approving}
        title={t({ 'en-US': 'Approve with a limit', 'id-ID': 'Setujui dengan limit' })}
        description={
          <Typography.Paragraph>
            {t({
              'en-US': `Between ${formatMoney(a.limit_range.min)} and ${formatMoney(a.limit_range.max)}, in steps of ${formatMoney(a.limit_range.step)}. Above ${formatMoney(a.second_reviewer_above)} a second reviewer must approve.`,
              'id-ID': `Antara ${formatMoney(a.limit_range.min)} dan ${formatMoney(a.limit_range.max)}, kelipatan ${formatMoney(a.limit_range.step)}. Di atas ${formatMoney(a.second_reviewer_above)} perlu persetujuan peninjau kedua.`,
            })}
          </Typography.Paragraph>
        }
        onCancel={() => setApproving(false)}
        onSubmit={async ({ limit_amount, reason }) => {
          const answer = await callApi(
            adminReviewCalls.decideReviewApplication,
            { outcome: 'approve', limit_amount, reason },
            { params: { id } },
          );
          setOutcome(
            answer.state === 'pending_approval'
              ? t({ 'en-US': 'Sent to a second reviewer.', 'id-ID': 'Dikirim ke peninjau kedua.' })
              : t({ 'en-US': 'Approved.', 'id-ID': 'Disetujui.' }),
          );
          setApproving(false);
          await refresh();
        }}
      >
        <Form.Item
          name="limit_amount"
          label={t({ 'en-US': 'Limit (Rp)', 'id-ID': 'Limit (Rp)' })}
          initialValue={a.suggested_limit ?? a.limit_range.min}
          rules={[{ required: true }]}
        >
          <InputNumber
            min={a.limit_range.min}
            max={a.limit_range.max}
            step={a.limit_range.step}
            style={{ width: 200 }}
          />
        </Form.Item>
      </ReasonModal>
    </Space>
  );
}
