import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { adminCalls, staffEmailSchema } from '@kaskita/domain/contract/admin';
import { passwordSchema } from '@kaskita/domain/validation/password';
import { callApi } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { setSession } from '../../lib/session.ts';
import { zodRule } from '../../lib/zod-form.ts';

/** E-mail and password: a session that opens only the second-factor step. */
export function CredentialsStep() {
  const { t, locale } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (values: { email: string; password: string }) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await callApi(adminCalls.adminSignIn, values);
      setSession({
        token: answer.token,
        stage: answer.next,
        passwordChangeRequired: answer.password_change_required,
      });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false}>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t({ 'en-US': 'Sign in', 'id-ID': 'Masuk' })}
      </Typography.Title>
      <Form.Item
        name="email"
        label={t({ 'en-US': 'Work e-mail', 'id-ID': 'E-mail kantor' })}
        rules={[zodRule(staffEmailSchema, locale)]}
        validateTrigger="onBlur"
      >
        <Input type="email" autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item
        name="password"
        label={t({ 'en-US': 'Password', 'id-ID': 'Kata sandi' })}
        rules={[zodRule(passwordSchema, locale)]}
        validateTrigger="onBlur"
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t({ 'en-US': 'Continue', 'id-ID': 'Lanjut' })}
      </Button>
    </Form>
  );
}
