import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Dropdown, Layout, Menu, Segmented, Space, Spin, Typography } from 'antd';
import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { adminCalls } from '@kaskita/domain/contract/admin';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { callApi } from '../lib/api-client.ts';
import { useI18n } from '../lib/i18n.tsx';
import { setSession } from '../lib/session.ts';
import { usePermissionTree } from './permission-tree.ts';
import { ROLE_LABEL } from './role-labels.ts';

/** The language switch, also on the sign-in page. */
export function LanguageSwitch() {
  const { locale, setLocale } = useI18n();
  return (
    <Segmented<Locale>
      aria-label="Language / Bahasa"
      size="small"
      value={locale}
      onChange={setLocale}
      options={[
        { value: 'en-US', label: 'EN' },
        { value: 'id-ID', label: 'ID' },
      ]}
    />
  );
}

/** The signed-in back office: the menu the role opens (from the server), who is signed in, the language, the page. */
export function ShellLayout() {
  const { t } = useI18n();
  const tree = usePermissionTree();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  const signOut = async (everywhere: boolean) => {
    try {
      await callApi(everywhere ? adminCalls.adminSignOutEverywhere : adminCalls.adminSignOut);
    } finally {
      // Signed out here whatever the server answered: the token is forgotten either way.
      setSession(null);
      queryClient.clear();
      void navigate('/sign-in', { replace: true });
    }
  };

  if (tree.isPending) return <Spin fullscreen />;
  if (tree.isError) return <Alert type="error" showIcon title={tree.error.message} style={{ margin: 24 }} />;
  const { staff, menus } = tree.data;
  const selected = menus
    .flatMap((group) => group.pages)
    .filter((page) => location.pathname === page.path || location.pathname.startsWith(`${page.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]?.path;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={232} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
        <div style={{ padding: '16px 24px', fontWeight: 600, fontSize: 16 }}>KasKita</div>
        <nav aria-label={t({ 'en-US': 'Back office', 'id-ID': 'Kantor belakang' })}>
          <Menu
            mode="inline"
            selectedKeys={selected ? [selected] : []}
            defaultOpenKeys={menus.map((group) => group.key)}
            onClick={({ key }) => void navigate(key)}
            items={menus.map((group) => ({
              key: group.key,
              label: group.label,
              type: 'group' as const,
              children: group.pages.map((page) => ({ key: page.path, label: page.label })),
            }))}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{ background: '#fff', display: 'flex', justifyContent: 'flex-end', paddingInline: 24 }}
        >
          <Space size="large">
            <LanguageSwitch />
            <Typography.Text>
              {staff.name} · {t(ROLE_LABEL[staff.role])}
            </Typography.Text>
            <Dropdown
              menu={{
                items: [
                  { key: 'one', label: t({ 'en-US': 'Sign out', 'id-ID': 'Keluar' }) },
                  {
                    key: 'all',
                    label: t({ 'en-US': 'Sign out everywhere', 'id-ID': 'Keluar dari semua perangkat' }),
                  },
                ],
                onClick: ({ key }) => void signOut(key === 'all'),
              }}
            >
              <Button>{t({ 'en-US': 'Account', 'id-ID': 'Akun' })}</Button>
            </Dropdown>
          </Space>
        </Layout.Header>
        {/* antd's Content is the page's <main> landmark. */}
        <Layout.Content style={{ padding: 24 }}>
          <Suspense fallback={<Spin />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
