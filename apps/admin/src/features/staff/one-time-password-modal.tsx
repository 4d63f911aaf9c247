import { Alert, Modal, Typography } from 'antd';
import { useI18n } from '../../lib/i18n.tsx';

/** A one-time password shown once, to hand over in person (a new member's, or a member's whose sign-in was reset). */
export interface HandedPassword {
  email: string;
  password: string;
}

export function OneTimePasswordModal({ shown, onClose }: { shown: HandedPassword | null; onClose(): void }) {
  const { t } = useI18n();
  return (
    <Modal
      open={shown !== null}
      title={t({ 'en-US': 'One-time password', 'id-ID': 'Kata sandi sekali pakai' })}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t({ 'en-US': 'Done', 'id-ID': 'Selesai' })}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={t({
          'en-US': `Hand this password to ${shown?.email ?? ''} in person. It is shown only now; they choose their own at their next sign-in and set up their authenticator app.`,
          'id-ID': `Serahkan kata sandi ini langsung kepada ${shown?.email ?? ''}. Kata sandi hanya ditampilkan sekarang; mereka membuat sendiri saat masuk berikutnya dan memasang aplikasi autentikator.`,
        })}
      />
      <Typography.Text code copyable style={{ fontSize: 18 }} data-testid="one-time-password">
        {shown?.password}
      </Typography.Text>
    </Modal>
  );
}
