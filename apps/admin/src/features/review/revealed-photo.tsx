import { Button, Image, Typography } from 'antd';
import { useState } from 'react';
import { adminBorrowerCalls } from '@kaskita/domain/contract/admin-borrowers';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { useCan } from '../../app/permission-tree.ts';
import { ReasonModal } from '../../components/reason-modal.tsx';
import { callApi } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';

interface RevealedPhotoProps {
  borrowerId: string;
  field: 'ktp_photo' | 'selfie';
  label: string;
  available: boolean;
}

/**
 * A KTP photo or a selfie, decrypted on demand: asked with a reason (an audited reveal on the server), kept in this
 * component only, gone when the page is left.
 */
export function RevealedPhoto({ borrowerId, field, label, available }: RevealedPhotoProps) {
  const { t } = useI18n();
  const canReveal = useCan(PERMISSIONS.piiReveal);
  const [src, setSrc] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  if (!available)
    return (
      <Typography.Text type="secondary">{t({ 'en-US': 'None kept', 'id-ID': 'Tidak ada' })}</Typography.Text>
    );
  if (src) return <Image src={src} alt={label} width={240} />;
  return (
    <>
      <Button disabled={!canReveal} onClick={() => setAsking(true)}>
        {t({ 'en-US': `Show ${label}`, 'id-ID': `Tampilkan ${label}` })}
      </Button>
      <ReasonModal
        open={asking}
        title={t({ 'en-US': `Show ${label}`, 'id-ID': `Tampilkan ${label}` })}
        description={
          <Typography.Paragraph>
            {t({
              'en-US': 'Who sees it, when and why is kept in the audit log.',
              'id-ID': 'Siapa yang melihatnya, kapan, dan alasannya disimpan di log audit.',
            })}
          </Typography.Paragraph>
        }
        onCancel={() => setAsking(false)}
        onSubmit={async ({ reason }) => {
          const answer = await callApi(
            adminBorrowerCalls.revealBorrowerPii,
            { field, reason },
            { params: { id: borrowerId } },
          );
          if (answer.image) setSrc(`data:${answer.image.content_type};base64,${answer.image.data}`);
          setAsking(false);
        }}
      />
    </>
  );
}
