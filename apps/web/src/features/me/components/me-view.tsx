import { useT } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { paths } from '../../../config/paths.ts';
import { getToken } from '../../../lib/auth-session.ts';
import { formatDate } from '../../../lib/format.ts';
import { useAccount } from '../api/get-account.ts';
import { meTexts } from '../me-texts.ts';
import { MeBalance } from './me-balance.tsx';
import { ReminderChannelCard } from './reminder-channel-card.tsx';
import './me.css';
import { Icon } from '../../../components/icon.tsx';

/** The Me root: who is signed in, language, account links, logout. Open to visitors (then a login button). */
export function MeView({ onLogout, loggingOut }: { onLogout: () => void; loggingOut: boolean }) {
  const t = useT(meTexts);
  const signedIn = Boolean(getToken());
  const { data: account } = useAccount();

  const links = [
    { to: paths.meRepaymentHistory.path, label: t('me.repaymentHistory') },
    { to: paths.meLoanHistory.path, label: t('me.loanHistory') },
    { to: paths.meBankCard.path, label: t('me.bankCard') },
    account && !account.has_password
      ? { to: paths.meSetPassword.path, label: t('me.setPassword'), testId: 'to-set-password' }
      : { to: paths.meModifyPassword.path, label: t('me.modifyPassword'), testId: 'to-modify-password' },
    { to: paths.mePayPin.path, label: t('meLinks.payPin'), testId: 'to-pay-pin' },
    { to: paths.meDevices.path, label: t('me.devices'), testId: 'to-devices' },
    { to: paths.meMyData.path, label: t('me.myData'), testId: 'to-my-data' },
    { to: paths.meHelp.path, label: t('me.help'), testId: 'to-help' },
    { to: paths.meFeedback.path, label: t('meLinks.feedback'), testId: 'to-feedback' },
    { to: paths.thirdReferralCode.path, label: t('meLinks.referral'), testId: 'to-referral' },
  ];

  return (
    <div data-testid="page-me">
      <section className="kk-me__header">
        <div className="kk-me__avatar" aria-hidden="true">
          <Icon name="user" size={32} />
        </div>
        {signedIn ? (
          <div>
            <div className="kk-me__phone" data-testid="me-phone">
              {account?.phone_masked ?? '…'}
            </div>
            {account ? (
              <div className="kk-me__since">
                {t('me.memberSince', { date: formatDate(account.created_at) })}
              </div>
            ) : null}
          </div>
        ) : (
          <div>
            <div className="kk-me__phone">{t('me.guest')}</div>
            <Link
              className="kk-btn kk-btn--ghost kk-btn--small kk-me__login"
              to={paths.login.path}
              data-testid="me-login"
            >
              {t('me.loginNow')}
            </Link>
          </div>
        )}
      </section>
      <div className="kk-content">
        {signedIn ? <MeBalance /> : null}
        {signedIn ? <ReminderChannelCard /> : null}
        {signedIn ? (
          <nav className="kk-card kk-me__list">
            {links.map((l) => (
              <Link key={l.to} to={l.to} className="kk-me__item" data-testid={l.testId}>
                <span>{l.label}</span>
                <Icon name="forward" size={18} />
              </Link>
            ))}
          </nav>
        ) : null}
        <div className="kk-card kk-me__item kk-me__item--static">
          <span>{t('language.label')}</span>
          <LanguageSwitch />
        </div>
        {/* The documents the borrower accepted at login stay one tap away. */}
        <nav className="kk-card kk-me__list" aria-label={t('footer.label')}>
          <Link to={paths.legalTerms.path} className="kk-me__item" data-testid="me-terms">
            <span>{t('footer.terms')}</span>
            <Icon name="forward" size={18} />
          </Link>
          <Link to={paths.legalPrivacy.path} className="kk-me__item" data-testid="me-privacy">
            <span>{t('footer.privacy')}</span>
            <Icon name="forward" size={18} />
          </Link>
        </nav>
        {signedIn ? (
          <button
            type="button"
            className="kk-btn kk-btn--ghost kk-btn--block"
            data-testid="logout"
            disabled={loggingOut}
            onClick={onLogout}
          >
            {t('me.logout')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
