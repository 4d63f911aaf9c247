import { Descriptions, Drawer, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import {
  AUDIT_ACTOR_KINDS,
  adminAdministrationCalls,
  type AuditEntry,
} from '@kaskita/domain/contract/admin-administration';
import { ServerTable } from '../../components/server-table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** The audit log (audit.read): every command run, filtered, newest first; a row opens its input, before and after. */
export default function AuditPage() {
  const { t, locale } = useI18n();
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const columns: ColumnsType<AuditEntry> = [
    {
      key: 'created_at',
      dataIndex: 'created_at',
      title: t({ 'en-US': 'When', 'id-ID': 'Waktu' }),
      sorter: true,
      render: (value: string) => formatDateTime(value, locale),
    },
    { key: 'command', dataIndex: 'command', title: t({ 'en-US': 'Command', 'id-ID': 'Perintah' }) },
    {
      key: 'actor',
      title: t({ 'en-US': 'Who', 'id-ID': 'Pelaku' }),
      render: (_, row) => `${row.actor_kind} · ${row.actor_id}`,
    },
    {
      key: 'subject',
      title: t({ 'en-US': 'Subject', 'id-ID': 'Subjek' }),
      render: (_, row) => (row.subject_type ? `${row.subject_type} · ${row.subject_id ?? ''}` : '—'),
    },
    { key: 'outcome', dataIndex: 'outcome', title: t({ 'en-US': 'Outcome', 'id-ID': 'Hasil' }) },
    {
      key: 'reason',
      dataIndex: 'reason',
      title: t({ 'en-US': 'Reason', 'id-ID': 'Alasan' }),
      ellipsis: true,
      render: (value: string | null) => value ?? '—',
    },
  ];

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Audit log', 'id-ID': 'Log audit' })}
      </Typography.Title>
      <ServerTable
        call={adminAdministrationCalls.listAudit}
        columns={columns}
        rowKey="id"
        tableProps={{
          size: 'small',
          onRow: (row) => ({ onClick: () => setOpen(row), style: { cursor: 'pointer' } }),
          expandable: undefined,
        }}
        filters={[
          { name: 'command', type: 'text', label: { 'en-US': 'Command', 'id-ID': 'Perintah' } },
          {
            name: 'actor_kind',
            type: 'select',
            label: { 'en-US': 'Actor kind', 'id-ID': 'Jenis pelaku' },
            options: AUDIT_ACTOR_KINDS.map((kind) => ({ value: kind, label: kind })),
          },
          { name: 'actor_id', type: 'text', label: { 'en-US': 'Actor id', 'id-ID': 'ID pelaku' } },
          { name: 'subject_type', type: 'text', label: { 'en-US': 'Subject type', 'id-ID': 'Jenis subjek' } },
          { name: 'subject_id', type: 'text', label: { 'en-US': 'Subject id', 'id-ID': 'ID subjek' } },
          { name: 'from', type: 'date', label: { 'en-US': 'From', 'id-ID': 'Dari' } },
          { name: 'to', type: 'date', label: { 'en-US': 'To', 'id-ID': 'Sampai' } },
        ]}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size={640}
        title={open ? `${open.command} · ${formatDateTime(open.created_at, locale)}` : ''}
      >
        {open && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t({ 'en-US': 'Who', 'id-ID': 'Pelaku' })}>
              {open.actor_kind} · {open.actor_id}
            </Descriptions.Item>
            <Descriptions.Item label={t({ 'en-US': 'Subject', 'id-ID': 'Subjek' })}>
              {open.subject_type ? `${open.subject_type} · ${open.subject_id ?? ''}` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t({ 'en-US': 'Outcome', 'id-ID': 'Hasil' })}>
              {open.outcome}
            </Descriptions.Item>
            <Descriptions.Item label={t({ 'en-US': 'Reason', 'id-ID': 'Alasan' })}>
              {open.reason ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t({ 'en-US': 'Input', 'id-ID': 'Masukan' })}>
              <Json value={open.input} />
            </Descriptions.Item>
            <Descriptions.Item label={t({ 'en-US': 'Before', 'id-ID': 'Sebelum' })}>
              <Json value={open.before} />
            </Descriptions.Item>
            <Descriptions.Item label={t({ 'en-US': 'After', 'id-ID': 'Sesudah' })}>
              <Json value={open.after} />
            </Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
    </>
  );
}
