import { Form, Input, Select } from 'antd';
import { useState } from 'react';
import { adminCalls, staffEmailSchema } from '@kaskita/domain/contract/admin';
import { ROLE_NAMES, type Role } from '@kaskita/domain/staff/permissions';
import { ROLE_LABEL } from '../../app/role-labels.ts';
import { ReasonModal } from '../../components/reason-modal.tsx';
import { callApi } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { zodRule } from '../../lib/zod-form.ts';
import { OneTimePasswordModal, type HandedPassword } from './one-time-password-modal.tsx';

interface CreateStaffModalProps {
  open: boolean;
  onClose(): void;
  onCreated(): void;
}

/** Adds a member with a role; the one-time password is shown once, to hand over, and never again. */
export function CreateStaffModal({ open, onClose, onCreated }: CreateStaffModalProps) {
  const { t, locale } = useI18n();
  const [created, setCreated] = useState<HandedPassword | null>(null);
  return (
    <>
      <ReasonModal<{ email: string; name: string; role: Role }>
        open={open}
        title={t({ 'en-US': 'Add a staff member', 'id-ID': 'Tambah staf' })}
        okText={t({ 'en-US': 'Create', 'id-ID': 'Buat' })}
        onCancel={onClose}
        onSubmit={async (values) => {
          const answer = await callApi(adminCalls.createStaff, values);
          setCreated({ email: answer.email, password: answer.one_time_password });
          onClose();
          onCreated();
        }}
      >
        <Form.Item
          name="email"
          label={t({ 'en-US': 'Work e-mail', 'id-ID': 'E-mail kantor' })}
          rules={[zodRule(staffEmailSchema, locale)]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t({ 'en-US': 'Name', 'id-ID': 'Nama' })}
          rules={[{ required: true, whitespace: true, max: 100 }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label={t({ 'en-US': 'Role', 'id-ID': 'Peran' })} rules={[{ required: true }]}>
          <Select options={ROLE_NAMES.map((role) => ({ value: role, label: t(ROLE_LABEL[role]) }))} />
        </Form.Item>
      </ReasonModal>
      <OneTimePasswordModal shown={created} onClose={() => setCreated(null)} />
    </>
  );
}
