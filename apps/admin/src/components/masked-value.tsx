import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { useCan } from '../app/permission-tree.ts';
import { useI18n } from '../lib/i18n.tsx';
import { ReasonModal } from './reason-modal.tsx';

interface MaskedValueProps {
  /** The value as the server masked it (e.g. "3174********0001"). */
  masked: string;
  /**
   * Reads the full value from the server: a reveal is an audited command, so it takes the reason the staff member
   * typed. Left out, the value is only ever shown masked.
   */
  reveal?: (reason: string) => Promise<string>;
}

/**
 * Personal data (NIK, phone, name ...) as the server masked it, with "Reveal" for a member holding pii.reveal. The
 * full value is fetched only then, shown in this component alone, and forgotten when it unmounts. The server checks
 * the permission and writes the audit row; hiding the button is only a courtesy.
 */
export function MaskedValue({ masked, reveal }: MaskedValueProps) {
  const { t } = useI18n();
  const canReveal = useCan(PERMISSIONS.piiReveal) && reveal !== undefined;
  const [value, setValue] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  return (
    <Space size="small">
      <Typography.Text code={value === null}>{value ?? masked}</Typography.Text>
      {canReveal && value === null && (
        <Button size="small" type="link" onClick={() => setAsking(true)}>
          {t({ 'en-US': 'Reveal', 'id-ID': 'Tampilkan' })}
        </Button>
      )}
      {canReveal && value !== null && (
        <Button size="small" type="link" onClick={() => setValue(null)}>
          {t({ 'en-US': 'Hide', 'id-ID': 'Sembunyikan' })}
        </Button>
      )}
      <ReasonModal
        open={asking}
        title={t({ 'en-US': 'Reveal personal data', 'id-ID': 'Tampilkan data pribadi' })}
        description={
          <Typography.Paragraph>
            {t({
              'en-US': 'Who reads it, when and why is kept in the audit log.',
              'id-ID': 'Siapa yang membacanya, kapan, dan alasannya disimpan di log audit.',
            })}
          </Typography.Paragraph>
        }
        onCancel={() => setAsking(false)}
        onSubmit={async ({ reason }) => {
          setValue(await reveal!(reason));
          setAsking(false);
        }}
      />
    </Space>
  );
}
