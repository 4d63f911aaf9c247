import { Alert, Button, Checkbox, Space, Typography } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';

/** The recovery codes, shown this once (the server keeps only their hashes): go on only once they are saved. */
export function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useI18n();
  const [saved, setSaved] = useState(false);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        {t({ 'en-US': 'Your recovery codes', 'id-ID': 'Kode pemulihan Anda' })}
      </Typography.Title>
      <Alert
        type="warning"
        showIcon
        title={t({
          'en-US':
            'Each code signs you in once without the app. They are shown only now: keep them somewhere safe, away from this computer.',
          'id-ID':
            'Setiap kode dapat dipakai masuk sekali tanpa aplikasi. Kode hanya ditampilkan sekarang: simpan di tempat aman, terpisah dari komputer ini.',
        })}
      />
      <Typography.Paragraph copyable={{ text: codes.join('\n') }} style={{ margin: 0 }}>
        <ol data-testid="recovery-codes" style={{ fontFamily: 'monospace', columns: 2, margin: 0 }}>
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
      </Typography.Paragraph>
      <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)}>
        {t({ 'en-US': 'I saved them', 'id-ID': 'Saya sudah menyimpannya' })}
      </Checkbox>
      <Button type="primary" block disabled={!saved} onClick={onDone}>
        {t({ 'en-US': 'Continue', 'id-ID': 'Lanjut' })}
      </Button>
    </Space>
  );
}
