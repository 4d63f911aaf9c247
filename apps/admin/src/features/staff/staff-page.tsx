import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { adminAdministrationCalls } from '@kaskita/domain/contract/admin-administration';
import { adminCalls } from '@kaskita/domain/contract/admin';
import { ROLE_NAMES } from '@kaskita/domain/staff/permissions';
import { ROLE_LABEL } from '../../app/role-labels.ts';
import { usePermissionTree } from '../../app/permission-tree.ts';
import { ReasonButton } from '../../components/reason-modal.tsx';
import { ServerTable } from '../../components/server-table.tsx';
import { callApi } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { CreateStaffModal } from './create-staff-modal.tsx';
import { OneTimePasswordModal, type HandedPassword } from './one-time-password-modal.tsx';

type StaffItem = Awaited<
  ReturnType<typeof callApi<typeof adminAdministrationCalls.listStaff>>
>['items'][number];

/** Staff accounts (staff.manage): who has which role, adding a member, resetting one's sign-in, disabling one. */
export default function StaffPage() {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const me = usePermissionTree().data?.staff.id;
  const [creating, setCreating] = useState(false);
  const [handed, setHanded] = useState<HandedPassword | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [adminAdministrationCalls.listStaff.id] });

  const columns: ColumnsType<StaffItem> = [
    { key: 'name', dataIndex: 'name', title: t({ 'en-US': 'Name', 'id-ID': 'Nama' }), sorter: true },
    { key: 'email', dataIndex: 'email', title: t({ 'en-US': 'E-mail', 'id-ID': 'E-mail' }), sorter: true },
    {
      key: 'role',
      dataIndex: 'role',
      title: t({ 'en-US': 'Role', 'id-ID': 'Peran' }),
      sorter: true,
      render: (role: StaffItem['role']) => t(ROLE_LABEL[role]),
    },
    {
      key: 'state',
      title: t({ 'en-US': 'State', 'id-ID': 'Status' }),
      render: (_, row) =>
        // A dot and a word: the state is never told by colour alone, and the text keeps body contrast.
        row.state === 'disabled' ? (
          <Badge status="default" text={t({ 'en-US': 'Disabled', 'id-ID': 'Nonaktif' })} />
        ) : row.totp_enrolled ? (
          <Badge status="success" text={t({ 'en-US': 'Active', 'id-ID': 'Aktif' })} />
        ) : (
          <Badge status="warning" text={t({ 'en-US': 'Not signed in yet', 'id-ID': 'Belum pernah masuk' })} />
        ),
    },
    {
      key: 'created_at',
      dataIndex: 'created_at',
      title: t({ 'en-US': 'Created', 'id-ID': 'Dibuat' }),
      sorter: true,
      render: (value: string) => formatDateTime(value, locale),
    },
    {
      key: 'actions',
      title: t({ 'en-US': 'Actions', 'id-ID': 'Tindakan' }),
      render: (_, row) =>
        row.state === 'active' && row.id !== me ? (
          <Flex gap={8}>
            <ReasonButton
              label={t({ 'en-US': 'Reset sign-in', 'id-ID': 'Atur ulang akses masuk' })}
              buttonProps={{
                size: 'small',
                'aria-label': `${t({ 'en-US': 'Reset sign-in', 'id-ID': 'Atur ulang akses masuk' })} ${row.email}`,
              }}
              title={t({
                'en-US': `Reset ${row.name}'s sign-in`,
                'id-ID': `Atur ulang akses masuk ${row.name}`,
              })}
              description={
                <Typography.Paragraph>
                  {t({
                    'en-US':
                      'For a lost phone or a forgotten password: their sessions end, their authenticator app and recovery codes stop working, and a new one-time password is shown once for you to hand over in person.',
                    'id-ID':
                      'Untuk ponsel hilang atau kata sandi terlupa: sesi mereka berakhir, aplikasi autentikator dan kode pemulihan mereka tidak berlaku lagi, dan kata sandi sekali pakai baru ditampilkan sekali untuk Anda serahkan langsung.',
                  })}
                </Typography.Paragraph>
              }
              onSubmit={async ({ reason }) => {
                const answer = await callApi(
                  adminCalls.resetStaffAccess,
                  { reason },
                  { params: { id: row.id } },
                );
                setHanded({ email: row.email, password: answer.one_time_password });
                await refresh();
              }}
            />
            <ReasonButton
              danger
              label={t({ 'en-US': 'Disable', 'id-ID': 'Nonaktifkan' })}
              buttonProps={{
                size: 'small',
                'aria-label': `${t({ 'en-US': 'Disable', 'id-ID': 'Nonaktifkan' })} ${row.email}`,
              }}
              title={t({ 'en-US': `Disable ${row.name}`, 'id-ID': `Nonaktifkan ${row.name}` })}
              description={
                <Typography.Paragraph>
                  {t({
                    'en-US':
                      'Their sessions end now and they can no longer sign in. The account and its history stay.',
                    'id-ID':
                      'Sesi mereka berakhir sekarang dan mereka tidak dapat masuk lagi. Akun dan riwayatnya tetap ada.',
                  })}
                </Typography.Paragraph>
              }
              onSubmit={async ({ reason }) => {
                await callApi(adminCalls.disableStaff, { reason }, { params: { id: row.id } });
                await refresh();
              }}
            />
          </Flex>
        ) : null,
    },
  ];

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t({ 'en-US': 'Staff', 'id-ID': 'Staf' })}
        </Typography.Title>
        <Button type="primary" onClick={() => setCreating(true)}>
          {t({ 'en-US': 'Add a staff member', 'id-ID': 'Tambah staf' })}
        </Button>
      </Flex>
      <ServerTable
        call={adminAdministrationCalls.listStaff}
        columns={columns}
        rowKey="id"
        filters={[
          { name: 'q', type: 'text', label: { 'en-US': 'Name or e-mail', 'id-ID': 'Nama atau e-mail' } },
          {
            name: 'role',
            type: 'select',
            label: { 'en-US': 'Role', 'id-ID': 'Peran' },
            options: ROLE_NAMES.map((role) => ({ value: role, label: ROLE_LABEL[role] })),
          },
          {
            name: 'state',
            type: 'select',
            label: { 'en-US': 'State', 'id-ID': 'Status' },
            options: [
              { value: 'active', label: { 'en-US': 'Active', 'id-ID': 'Aktif' } },
              { value: 'disabled', label: { 'en-US': 'Disabled', 'id-ID': 'Nonaktif' } },
            ],
          },
        ]}
      />
      <CreateStaffModal open={creating} onClose={() => setCreating(false)} onCreated={refresh} />
      <OneTimePasswordModal shown={handed} onClose={() => setHanded(null)} />
    </>
  );
}
