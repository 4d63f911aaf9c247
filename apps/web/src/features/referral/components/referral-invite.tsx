import { Icon } from '../../../components/icon.tsx';
import { useT } from '../../../lib/i18n.ts';
import { referralTexts } from '../referral-texts.ts';
import './referral.css';

/**
 * The visitor's side of a referral link: a friend invited them (never named: the link carries a code, not a person),
 * what KasKita is, in the product's own claims. No testimonial is shown: none is configured, and none is invented.
 * The sign-in form is the route's to compose below it.
 */
export function ReferralInvite({ validCode }: { validCode: boolean }) {
  const t = useT(referralTexts);
  return (
    <section className="kk-referral__invite" data-testid="referral-invite">
      <h1 className="kk-auth__heading">{t('referralInvite.heading')}</h1>
      <p className="kk-auth__sub">{t('referralInvite.sub')}</p>
      {validCode ? null : (
        <p className="kk-small kk-muted" data-testid="referral-no-code">
          {t('referralInvite.noCode')}
        </p>
      )}
      <h2 className="kk-referral__title">{t('referralInvite.whatTitle')}</h2>
      <ul className="kk-referral__facts" data-testid="referral-facts">
        <li>
          <Icon name="check" />
          {t('referralInvite.cashLoan')}: {t('landing.claims.amount')}, {t('landing.claims.tenor')}
        </li>
        <li>
          <Icon name="check" />
          {t('landing.claims.collateral')}, {t('landing.claims.online')}
        </li>
        <li>
          <Icon name="check" />
          {t('referralInvite.payLater')}
        </li>
      </ul>
    </section>
  );
}
