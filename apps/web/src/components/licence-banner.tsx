import type { ReactNode } from 'react';

/** The regulator's licence line (OJK), shown on the home shell and the landing page. */
export function LicenceBanner({ children }: { children: ReactNode }) {
  return (
    <div className="kk-ojk-banner" role="note">
      <span aria-hidden="true">✔</span>
      <span>{children}</span>
    </div>
  );
}
