import { Form, Input } from 'antd';
import { useI18n } from '../../lib/i18n.tsx';

/** The authenticator app's 6-digit code. */
export function CodeInput() {
  const { t } = useI18n();
  return (
    <Form.Item
      name="totp_code"
      label={t({ 'en-US': 'Code from the app', 'id-ID': 'Kode dari aplikasi' })}
      rules={[
        {
          required: true,
          pattern: /^\s*\d{6}\s*$/,
          message: t({ 'en-US': 'The code has 6 digits', 'id-ID': 'Kode terdiri dari 6 digit' }),
        },
      ]}
    >
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
    </Form.Item>
  );
}
