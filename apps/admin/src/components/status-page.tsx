import { Result } from 'antd';
import { Link } from 'react-router';
import { useI18n } from '../lib/i18n.tsx';

/** A route the member's role does not open. The server refuses its calls anyway; this says so before it is tried. */
export function NoAccess() {
  const { t } = useI18n();
  return (
    <Result
      status="403"
      title={<h1 style={{ fontSize: 24 }}>{t({ 'en-US': 'No access', 'id-ID': 'Tidak ada akses' })}</h1>}
      subTitle={t({
        'en-US': 'Your role does not open this page. Ask an administrator if you need it.',
        'id-ID': 'Peran Anda tidak membuka halaman ini. Hubungi administrator jika Anda memerlukannya.',
      })}
      extra={<Link to="/">{t({ 'en-US': 'Back to the start', 'id-ID': 'Kembali ke awal' })}</Link>}
    />
  );
}

export function NotFound() {
  const { t } = useI18n();
  return (
    <Result
      status="404"
      title={
        <h1 style={{ fontSize: 24 }}>
          {t({ 'en-US': 'Page not found', 'id-ID': 'Halaman tidak ditemukan' })}
        </h1>
      }
      extra={<Link to="/">{t({ 'en-US': 'Back to the start', 'id-ID': 'Kembali ke awal' })}</Link>}
    />
  );
}
