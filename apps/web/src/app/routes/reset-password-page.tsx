import { useT } from '../../lib/i18n.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { RouteTopBar } from '../route-top-bar.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { afterLoginHref } from '../../config/paths.ts';
import { initialLoginPhone } from '../../lib/login-phone.ts';
import '../../features/auth/components/auth-forms.css';

/**
 * The reset flow: 'forget' (forget_password, open without a token) starts from the query's phone;
 * 'set' (set_password, "reset login password") from the stored login phone.
 */
function ResetPasswordPage({ kind }: { kind: 'forget' | 'set' }) {
  const t = useT();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const initialPhone =
    kind === 'forget' ? initialLoginPhone(query.get('phone'), null) : initialLoginPhone(null);
  return (
    <div data-testid={kind === 'forget' ? 'page-forget-password' : 'page-set-password'}>
      <RouteTopBar />
      <div className="kk-auth">
        <p className="kk-auth__sub">{t('password.forgotIntro')}</p>
        <ResetPasswordForm
          initialPhone={initialPhone}
          onDone={() => void navigate(afterLoginHref(query), { replace: true })}
        />
      </div>
    </div>
  );
}

export const ForgetPasswordPage = () => <ResetPasswordPage kind="forget" />;
export const SetPasswordPage = () => <ResetPasswordPage kind="set" />;
