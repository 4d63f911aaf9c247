import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { adminCalls } from '@kaskita/domain/contract/admin';
import { callApi } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { getSession, setSession } from '../../lib/session.ts';
import { CodeInput } from './code-input.tsx';

/** The second factor: the app's current code, or one recovery code when the app is lost. */
export function VerifyTotpStep() {
  const { t } = useI18n();
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const verify = async (values: { totp_code?: string; recovery_code?: string }) => {
    setBusy(true);
    setError(null);
    try {
      await callApi(
        adminCalls.adminVerifyTotp,
        useRecovery ? { recovery_code: values.recovery_code ?? '' } : { totp_code: values.totp_code ?? '' },
      );
      const session = getSession();
      if (session)
        setSession({ ...session, stage: session.passwordChangeRequired ? 'change_password' : 'ready' });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form layout="vertical" onFinish={verify} requiredMark={false}>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t({ 'en-US': 'Second step', 'id-ID': 'Langkah kedua' })}
      </Typography.Title>
      {useRecovery ? (
        <Form.Item
          name="recovery_code"
          label={t({ 'en-US': 'Recovery code', 'id-ID': 'Kode pemulihan' })}
          rules={[{ required: true, message: t({ 'en-US': 'Enter a code', 'id-ID': 'Masukkan kode' }) }]}
        >
          <Input autoComplete="off" autoFocus />
        </Form.Item>
      ) : (
        <CodeInput />
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t({ 'en-US': 'Sign in', 'id-ID': 'Masuk' })}
        </Button>
        <Button type="link" block onClick={() => setUseRecovery(!useRecovery)}>
          {useRecovery
            ? t({ 'en-US': 'Use the app instead', 'id-ID': 'Pakai aplikasi' })
            : t({ 'en-US': 'Use a recovery code', 'id-ID': 'Pakai kode pemulihan' })}
        </Button>
      </Space>
    </Form>
  );
}
