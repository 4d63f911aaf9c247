import { Alert, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSyncExternalStore } from 'react';
import { LanguageSwitch } from '../../app/shell-layout.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { getSession, subscribeSession } from '../../lib/session.ts';
import { ChangePasswordStep } from './change-password-step.tsx';
import { CredentialsStep } from './credentials-step.tsx';
import { EnrolTotpStep } from './enrol-totp-step.tsx';
import { RecoveryCodesStep } from './recovery-codes-step.tsx';
import { VerifyTotpStep } from './verify-totp-step.tsx';

/**
 * Staff sign-in as the server leads it (contract/admin.ts): e-mail and password, then either setting up an
 * authenticator app (QR code, a first code, the recovery codes shown once) or its code (or a recovery code), then a
 * new password when the account was opened with a one-time one. Each step is kept in the session, so a reload
 * resumes where it stopped.
 */
export function SignInPage() {
  const { t } = useI18n();
  const session = useSyncExternalStore(subscribeSession, getSession);
  const location = useLocation();
  const endedWith = (location.state as { message?: string } | null)?.message;
  // Shown once, after the app is confirmed; the session has moved on already, so a reload does not show them again.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let step;
  if (recoveryCodes) step = <RecoveryCodesStep codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  else if (!session) step = <CredentialsStep />;
  else if (session.stage === 'enrol_totp') step = <EnrolTotpStep onConfirmed={setRecoveryCodes} />;
  else if (session.stage === 'verify_totp') step = <VerifyTotpStep />;
  else if (session.stage === 'change_password') step = <ChangePasswordStep />;
  else return <Navigate to="/" replace />;

  return (
    <Flex vertical align="center" style={{ minHeight: '100vh', padding: '48px 16px', background: '#f5f5f5' }}>
      <main style={{ width: '100%', maxWidth: 440 }}>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
            {t({ 'en-US': 'KasKita back office', 'id-ID': 'Kantor belakang KasKita' })}
          </Typography.Title>
          <LanguageSwitch />
        </Flex>
        {endedWith && !session && (
          <Alert type="warning" showIcon title={endedWith} style={{ marginBottom: 16 }} />
        )}
        <Card>{step}</Card>
      </main>
    </Flex>
  );
}
