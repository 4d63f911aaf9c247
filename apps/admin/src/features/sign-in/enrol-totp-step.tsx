import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { adminCalls } from '@kaskita/domain/contract/admin';
import { callApi } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { getSession, setSession } from '../../lib/session.ts';
import { CodeInput } from './code-input.tsx';

/** Setting up the authenticator app: a QR code and its secret, then a first code to prove it works. */
export function EnrolTotpStep({ onConfirmed }: { onConfirmed(codes: string[]): void }) {
  const { t } = useI18n();
  const enrolment = useQuery({
    queryKey: ['admin', 'totp-enrolment', getSession()?.token],
    queryFn: () => callApi(adminCalls.adminEnrolTotp),
    // One secret per visit: another fetch would replace the one just scanned.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async ({ totp_code }: { totp_code: string }) => {
    setBusy(true);
    setError(null);
    try {
      const { recovery_codes } = await callApi(adminCalls.adminConfirmTotp, { totp_code });
      const session = getSession();
      onConfirmed(recovery_codes);
      if (session)
        setSession({ ...session, stage: session.passwordChangeRequired ? 'change_password' : 'ready' });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        {t({ 'en-US': 'Set up your authenticator app', 'id-ID': 'Pasang aplikasi autentikator Anda' })}
      </Typography.Title>
      <Typography.Paragraph style={{ margin: 0 }}>
        {t({
          'en-US':
            'Scan the QR code with an authenticator app (or type the key), then enter the 6-digit code it shows.',
          'id-ID':
            'Pindai kode QR dengan aplikasi autentikator (atau ketik kuncinya), lalu masukkan 6 digit kode yang ditampilkan.',
        })}
      </Typography.Paragraph>
      {enrolment.isPending && <Spin />}
      {enrolment.isError && <Alert type="error" showIcon title={enrolment.error.message} />}
      {enrolment.data && (
        <>
          <img
            src={enrolment.data.qr_data_url}
            width={200}
            height={200}
            alt={t({
              'en-US': 'QR code for the authenticator app',
              'id-ID': 'Kode QR untuk aplikasi autentikator',
            })}
          />
          <div>
            <Typography.Text type="secondary">{t({ 'en-US': 'Key', 'id-ID': 'Kunci' })}: </Typography.Text>
            <Typography.Text code copyable data-testid="totp-secret">
              {enrolment.data.secret}
            </Typography.Text>
          </div>
          <Form layout="vertical" onFinish={confirm} requiredMark={false}>
            <CodeInput />
            {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t({ 'en-US': 'Confirm', 'id-ID': 'Konfirmasi' })}
            </Button>
          </Form>
        </>
      )}
    </Space>
  );
}
