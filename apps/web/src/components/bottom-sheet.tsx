import type { ReactNode } from 'react';
import { Popup } from './lazy-overlay.tsx';
import './bottom-sheet.css';

/** Bottom sheet, 18rem high (spec section 2), for pickers and per-date bill details. */
export function BottomSheet({
  visible,
  onClose,
  title,
  children,
}: {
  visible: boolean;
  onClose: () => void;
  title?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="kk-sheet" destroyOnClose>
      {title ? <div className="kk-sheet__title">{title}</div> : null}
      <div className="kk-sheet__body">{children}</div>
    </Popup>
  );
}
