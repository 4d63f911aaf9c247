import { useT } from '../../../lib/i18n.ts';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { homePageFor } from '@kaskita/domain/routing/home-page';
import { homeChildHref } from '../../../config/paths.ts';
import { getToken } from '../../../lib/auth-session.ts';
import { useUserStatus } from '../api/get-user-status.ts';

/**
 * At /home exactly: pick the child page from the user status with homePageFor (the one place that decides).
 * Signed out there is no status to ask for: homePageFor(null) gives unaudited.
 */
export function HomeStatusRedirect() {
  const t = useT();
  const navigate = useNavigate();
  const { search } = useLocation();
  const signedIn = Boolean(getToken());
  // Signed in when this page opened but not now: the status call lost the session (4047) and the api client is
  // taking the borrower to login; choosing a home page now would override that.
  const [openedSignedIn] = useState(signedIn);
  const sessionLost = openedSignedIn && !signedIn;
  const { data, error, isLoading, isFetching } = useUserStatus();

  useEffect(() => {
    // A cached status that was invalidated (an order made, a disbursement finished) is asked again on the way in:
    // decide on the answer, not on the stale copy, which would send the borrower back where they came from.
    if (sessionLost || (signedIn && (isLoading || isFetching))) return;
    // A failed status call (toasted already) falls back to the signed-out choice rather than a blank page.
    const decision = homePageFor(signedIn && !error ? (data ?? null) : null);
    void navigate(homeChildHref(decision.page, search.replace(/^\?/, '')), {
      replace: true,
      state: { modal: decision.modal },
    });
  }, [sessionLost, signedIn, isLoading, isFetching, data, error, navigate, search]);

  return <p className="kk-center kk-muted">{t('common.loading')}</p>;
}
