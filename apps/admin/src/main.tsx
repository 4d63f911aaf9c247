import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import idID from 'antd/locale/id_ID';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './app/query-client.ts';
import { AppRouter } from './app/router.tsx';
import { I18nProvider, useI18n } from './lib/i18n.tsx';

/** antd's own texts (pagination, empty tables, date pickers) follow the chosen language. */
function AntdLocale({ children }: { children: ReactNode }) {
  const { locale } = useI18n();
  return (
    <ConfigProvider locale={locale === 'id-ID' ? idID : enUS} theme={{ token: { colorPrimary: '#0b6e4f' } }}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider>
      <AntdLocale>
        <QueryClientProvider client={queryClient}>
          <AppRouter />
        </QueryClientProvider>
      </AntdLocale>
    </I18nProvider>
  </StrictMode>,
);
