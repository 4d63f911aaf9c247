import { LanguageSwitch } from '../../../components/language-switch.tsx';
import './auth-forms.css';

/** The brand row of the login pages: the KasKita logo and the language switch. */
export function AuthBrand() {
  return (
    <div className="kk-auth__brand">
      <span className="kk-auth__logo">KasKita</span>
      <LanguageSwitch />
    </div>
  );
}
