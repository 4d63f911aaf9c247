import { useNavigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { useT } from '../lib/i18n.ts';
import './top-bar.css';
import { Icon } from './icon.tsx';

type Props = {
  /** The page title (app/route-top-bar.tsx gives the route's own). */
  title: string;
  /** Replaces "back one page", e.g. to leave a flow to a fixed page. */
  onBack?: () => void;
  /** Pages reached first (home, landing) have nothing to go back to. */
  showBack?: boolean;
  /** Defaults to "Back" in the UI language. */
  backLabel?: string;
};

/** The page's top bar: back one page unless a custom handler is given (spec section 2). */
export function TopBar({ title, onBack, showBack = true, backLabel }: Props) {
  const navigate = useNavigate();
  const t = useT();
  const back = () => {
    if (onBack) onBack();
    // Opened from a link with no history (a fresh tab): going "back" would leave the app, so go home.
    else if (window.history.length > 1) void navigate(-1);
    else void navigate(paths.home.path, { replace: true });
  };
  return (
    <header className="kk-topbar">
      {showBack ? (
        <button
          type="button"
          className="kk-topbar__back"
          onClick={back}
          aria-label={backLabel ?? t('common.back')}
        >
          <Icon name="back" size={22} />
        </button>
      ) : (
        <span className="kk-topbar__spacer" />
      )}
      <h1 className="kk-topbar__title">{title}</h1>
      <span className="kk-topbar__spacer" />
    </header>
  );
}
