import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { adminCalls } from '@kaskita/domain/contract/admin';
import { callApi } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { getSession, setSession } from '../../lib/session.ts';
import { parseForm, showServerFields } from '../../lib/zod-form.ts';

/**
 * The account was opened with an administrator's one-time password: someone else has known it, so nothing opens
 * until the member chooses their own (the server answers STAFF_PASSWORD_CHANGE_REQUIRED to everything else).
 */
export function ChangePasswordStep() {
  const { t, locale } = useI18n();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: unknown) => {
    const body = parseForm(form, adminCalls.adminChangePassword.body, values, locale);
    if (!body) return;
    setBusy(true);
    setError(null);
    try {
      await callApi(adminCalls.adminChangePassword, body);
      const session = getSession();
      if (session) setSession({ ...session, stage: 'ready', passwordChangeRequired: false });
    } catch (e) {
      if (!showServerFields(form, e, locale)) setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t({ 'en-US': 'Choose your own password', 'id-ID': 'Buat kata sandi Anda sendiri' })}
      </Typography.Title>
      <Typography.Paragraph>
        {t({
          'en-US': 'You signed in with a one-time password. Choose a new one: 6-20 letters or digits.',
          'id-ID': 'Anda masuk dengan kata sandi sekali pakai. Buat yang baru: 6-20 huruf atau angka.',
        })}
      </Typography.Paragraph>
      <Form.Item
        name="old_password"
        label={t({ 'en-US': 'One-time password', 'id-ID': 'Kata sandi sekali pakai' })}
      >
        <Input.Password autoComplete="current-password" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t({ 'en-US': 'New password', 'id-ID': 'Kata sandi baru' })}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t({ 'en-US': 'New password again', 'id-ID': 'Ulangi kata sandi baru' })}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t({ 'en-US': 'Save password', 'id-ID': 'Simpan kata sandi' })}
      </Button>
    </Form>
  );
}
