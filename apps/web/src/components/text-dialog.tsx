import type { ReactNode } from 'react';
import { Dialog } from './lazy-overlay.tsx';

type Props = {
  visible: boolean;
  title?: ReactNode;
  content: ReactNode;
  confirmText: string;
  cancelText?: string;
  onConfirm: () => void;
  onCancel?: () => void;
};

/** A text dialog with a confirm and an optional cancel action (declarative, so no render shim needed). */
export function TextDialog({ visible, title, content, confirmText, cancelText, onConfirm, onCancel }: Props) {
  const actions = [
    ...(cancelText ? [{ key: 'cancel', text: cancelText, onClick: onCancel }] : []),
    { key: 'confirm', text: confirmText, bold: true, onClick: onConfirm },
  ];
  return (
    <Dialog
      visible={visible}
      title={title}
      content={content}
      actions={[actions]}
      onClose={onCancel}
      closeOnMaskClick={Boolean(onCancel)}
    />
  );
}
