import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { useI18n } from '../lib/i18n.tsx';
import { usePermissionTree } from './permission-tree.ts';

/** The start page: who is signed in and the pages their role opens, grouped as in the menu. */
export function HomePage() {
  const { t } = useI18n();
  const { data } = usePermissionTree();
  if (!data) return null;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': `Welcome, ${data.staff.name}`, 'id-ID': `Selamat datang, ${data.staff.name}` })}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {data.menus.map((group) => (
          <Col key={group.key} xs={24} md={12} xl={8}>
            <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{group.label}</h2>}>
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {group.pages.map((page) => (
                  <li key={page.key}>
                    <Link to={page.path}>{page.label}</Link>
                  </li>
                ))}
              </ul>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
