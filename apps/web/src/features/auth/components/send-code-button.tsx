import { useT } from '../../../lib/i18n.ts';
import './send-code-button.css';

/** The send-code button with its countdown ("Resend in 42 s"). */
export function SendCodeButton({
  secondsLeft,
  sending,
  onClick,
  everSent,
}: {
  secondsLeft: number;
  sending: boolean;
  onClick: () => void;
  everSent: boolean;
}) {
  const t = useT();
  const label =
    secondsLeft > 0
      ? t('login.resendIn', { seconds: secondsLeft })
      : everSent
        ? t('login.resend')
        : t('login.sendCode');
  return (
    <button
      type="button"
      className="kk-btn kk-btn--ghost kk-btn--small kk-send-code"
      data-testid="send-code"
      disabled={sending || secondsLeft > 0}
      onClick={onClick}
    >
      {label}
    </button>
  );
}
