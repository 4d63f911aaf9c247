import type { ReactNode } from 'react';
import { Icon } from './icon.tsx';

/** The regulator's licence line (OJK), shown on the home shell and the landing page. */
export function LicenceBanner({ children }: { children: ReactNode }) {
  return (
    <div className="kk-ojk-banner" role="note">
      <Icon name="shield" size={18} />
      <span>{children}</span>
    </div>
  );
}
