import { useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { adminApprovalCalls, type ApprovalView } from '@kaskita/domain/contract/admin-approvals';
import type { Bilingual } from '@kaskita/domain/i18n/locale';
import { ReasonButton } from '../../components/reason-modal.tsx';
import { ServerTable } from '../../components/server-table.tsx';
import { callApi } from '../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { REVIEW_REASON } from '../payments/review-reasons.ts';
import { MONEY_FIELDS, PREVIEW_FIELD } from './preview-labels.ts';

const calls = adminApprovalCalls;

/** What each command does, in words: the approver reads this before the figures. */
const COMMAND: Record<string, Bilingual> = {
  'payment.resolve': { 'en-US': 'Apply a payment to a loan', 'id-ID': 'Terapkan pembayaran ke pinjaman' },
  'loan.waive_late_fees': { 'en-US': 'Waive late fees', 'id-ID': 'Hapus denda keterlambatan' },
  'loan.write_off': { 'en-US': 'Write off a loan', 'id-ID': 'Hapus buku pinjaman' },
  'refund.approve': { 'en-US': 'Pay a refund', 'id-ID': 'Bayar pengembalian dana' },
  'payment.return': {
    'en-US': 'Return a payment to its payer',
    'id-ID': 'Kembalikan pembayaran ke pembayarnya',
  },
  'application.review.decide': { 'en-US': 'Decide an application', 'id-ID': 'Putuskan pengajuan' },
  'product.publish': { 'en-US': 'Publish a product version', 'id-ID': 'Terbitkan versi produk' },
  'relief.offer': {
    'en-US': 'Offer relief: more days or more instalments',
    'id-ID': 'Tawarkan keringanan: tambahan hari atau cicilan',
  },
};

const STATE: Record<ApprovalView['state'], { color: string; label: Bilingual }> = {
  pending: { color: 'gold', label: { 'en-US': 'Waiting', 'id-ID': 'Menunggu' } },
  approved: { color: 'green', label: { 'en-US': 'Approved', 'id-ID': 'Disetujui' } },
  rejected: { color: 'red', label: { 'en-US': 'Rejected', 'id-ID': 'Ditolak' } },
  withdrawn: { color: 'default', label: { 'en-US': 'Withdrawn', 'id-ID': 'Ditarik' } },
};

type Translate = ReturnType<typeof useI18n>['t'];

const YES_NO = {
  true: { 'en-US': 'Yes', 'id-ID': 'Ya' },
  false: { 'en-US': 'No', 'id-ID': 'Tidak' },
} as const;

/** A preview field's name in words (PREVIEW_FIELD), or as the server named it. */
function previewLabel(key: string, t: Translate): string {
  const label = PREVIEW_FIELD[key];
  return label ? t(label) : key;
}

/**
 * A preview value as staff read it: rupiah formatted, yes or no, a review reason in words, lists item after item, and
 * a change as "before → after" in that order whatever order the stored JSON kept its keys in (jsonb sorts them).
 */
function previewValue(key: string, value: unknown, t: Translate): string {
  if (typeof value === 'number' && MONEY_FIELDS.has(key)) return formatMoney(value);
  if (typeof value === 'boolean') return t(YES_NO[`${value}`]);
  if (key === 'reviewReason' && typeof value === 'string' && value in REVIEW_REASON)
    return t(REVIEW_REASON[value as keyof typeof REVIEW_REASON]);
  if (Array.isArray(value)) return value.map((item) => previewValue(key, item, t)).join(', ');
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 2 && 'before' in record && 'after' in record)
      return `${previewValue(key, record.before, t)} → ${previewValue(key, record.after, t)}`;
    return keys.map((k) => `${previewLabel(k, t)}: ${previewValue(k, record[k], t)}`).join(' · ');
  }
  return value === null || value === undefined ? '—' : String(value);
}

function Detail({ request, onDone }: { request: ApprovalView; onDone(): void }) {
  const { t, locale } = useI18n();
  const decide = async (how: 'approve' | 'reject' | 'withdraw', reason: string) => {
    const call =
      how === 'approve'
        ? calls.approveApproval
        : how === 'reject'
          ? calls.rejectApproval
          : calls.withdrawApproval;
    await callApi(call, { reason }, { params: { id: request.id } });
    onDone();
  };
  const command = COMMAND[request.command];
  return (
    <>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t({ 'en-US': 'Change', 'id-ID': 'Perubahan' })}>
          {command ? t(command) : request.command} · {request.subject_type} {request.subject_id}
        </Descriptions.Item>
        <Descriptions.Item label={t({ 'en-US': 'Asked by', 'id-ID': 'Diminta oleh' })}>
          <span data-testid="approval-requester">{request.requested_by.name}</span> ·{' '}
          {formatDateTime(request.requested_at, locale)}
        </Descriptions.Item>
        <Descriptions.Item label={t({ 'en-US': 'Why', 'id-ID': 'Alasan' })}>
          <span data-testid="approval-reason">{request.reason}</span>
        </Descriptions.Item>
        {Object.entries(request.preview).map(([key, value]) => (
          <Descriptions.Item key={key} label={previewLabel(key, t)}>
            {previewValue(key, value, t)}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t({ 'en-US': 'State', 'id-ID': 'Status' })}>
          <Tag color={STATE[request.state].color}>{t(STATE[request.state].label)}</Tag>
          {request.decided_by &&
            `${request.decided_by.name} · ${formatDateTime(request.decided_at, locale)} · ${request.decision_reason ?? ''}`}
        </Descriptions.Item>
      </Descriptions>
      <Flex gap={8} style={{ marginTop: 16 }}>
        {request.can_decide && (
          <>
            <ReasonButton
              label={t({ 'en-US': 'Approve', 'id-ID': 'Setujui' })}
              buttonProps={{ type: 'primary' }}
              title={t({
                'en-US': 'Approve: the change runs now',
                'id-ID': 'Setujui: perubahan dijalankan sekarang',
              })}
              onSubmit={({ reason }) => decide('approve', reason)}
            />
            <ReasonButton
              danger
              label={t({ 'en-US': 'Reject', 'id-ID': 'Tolak' })}
              title={t({ 'en-US': 'Reject: nothing runs', 'id-ID': 'Tolak: tidak ada yang dijalankan' })}
              onSubmit={({ reason }) => decide('reject', reason)}
            />
          </>
        )}
        {request.state === 'pending' && !request.can_decide && (
          <ReasonButton
            label={t({ 'en-US': 'Withdraw', 'id-ID': 'Tarik' })}
            title={t({ 'en-US': 'Withdraw my request', 'id-ID': 'Tarik permintaan saya' })}
            onSubmit={({ reason }) => decide('withdraw', reason)}
          />
        )}
      </Flex>
    </>
  );
}

/**
 * Approvals (maker-checker): requests waiting for me, and my own. A request shows who asked, why, and what will
 * change; nobody approves their own (the server refuses it too).
 */
export default function ApprovalsPage() {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<ApprovalView | null>(null);
  const columns: ColumnsType<ApprovalView> = [
    {
      key: 'requested_at',
      dataIndex: 'requested_at',
      title: t({ 'en-US': 'Asked', 'id-ID': 'Diminta' }),
      sorter: true,
      render: (value: string) => formatDateTime(value, locale),
    },
    {
      key: 'command',
      dataIndex: 'command',
      title: t({ 'en-US': 'Change', 'id-ID': 'Perubahan' }),
      render: (value: string) => (COMMAND[value] ? t(COMMAND[value]) : value),
    },
    {
      key: 'subject',
      title: t({ 'en-US': 'On', 'id-ID': 'Pada' }),
      render: (_, row) => `${row.subject_type} ${row.subject_id}`,
    },
    {
      key: 'by',
      title: t({ 'en-US': 'Asked by', 'id-ID': 'Diminta oleh' }),
      render: (_, row) => row.requested_by.name,
    },
    { key: 'reason', dataIndex: 'reason', title: t({ 'en-US': 'Why', 'id-ID': 'Alasan' }), ellipsis: true },
    {
      key: 'state',
      dataIndex: 'state',
      title: t({ 'en-US': 'State', 'id-ID': 'Status' }),
      render: (state: ApprovalView['state']) => <Tag color={STATE[state].color}>{t(STATE[state].label)}</Tag>,
    },
    {
      key: 'open',
      title: t({ 'en-US': 'Details', 'id-ID': 'Rincian' }),
      render: (_, row) => (
        <Button size="small" onClick={() => setOpen(row)}>
          {t({ 'en-US': 'Open', 'id-ID': 'Buka' })}
        </Button>
      ),
    },
  ];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Approvals', 'id-ID': 'Persetujuan' })}
      </Typography.Title>
      <ServerTable
        call={calls.listApprovals}
        columns={columns}
        rowKey="id"
        tableProps={{ size: 'small' }}
        filters={[
          {
            name: 'scope',
            type: 'select',
            label: { 'en-US': 'Show', 'id-ID': 'Tampilkan' },
            options: [
              { value: 'waiting', label: { 'en-US': 'Waiting for me', 'id-ID': 'Menunggu saya' } },
              { value: 'mine', label: { 'en-US': 'My requests', 'id-ID': 'Permintaan saya' } },
            ],
          },
        ]}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size={640}
        title={t({ 'en-US': 'Approval request', 'id-ID': 'Permintaan persetujuan' })}
      >
        {open && (
          <Detail
            request={open}
            onDone={() => {
              setOpen(null);
              void queryClient.invalidateQueries({ queryKey: [calls.listApprovals.id] });
            }}
          />
        )}
      </Drawer>
    </>
  );
}
