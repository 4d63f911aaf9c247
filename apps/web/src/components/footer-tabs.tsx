import { NavLink } from 'react-router';
import { useT } from '../lib/i18n.ts';
import './footer-tabs.css';
import { Icon, type IconName } from './icon.tsx';

export type FooterTab = { key: 'home' | 'bill' | 'me'; to: string; label: string; icon: IconName };

/**
 * Bottom tab bar. Plain links rather than antd-mobile's TabBar: it is on the first paint of /home,
 * where every kB counts, and links keep the browser's own navigation semantics.
 */
export function FooterTabs({ tabs }: { tabs: FooterTab[] }) {
  const t = useT();
  return (
    <nav className="kk-footer" aria-label={t('tabs.label')}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.key}
          to={tab.to}
          data-testid={`tab-${tab.key}`}
          className={({ isActive }) => `kk-footer__tab${isActive ? ' kk-footer__tab--active' : ''}`}
        >
          <span className="kk-footer__icon" aria-hidden="true">
            <Icon name={tab.icon} size={22} />
          </span>
          <span className="kk-footer__label">{tab.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
