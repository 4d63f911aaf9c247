import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Space, Statistic, Table, Typography } from 'antd';
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { adminBookCalls, type BookFigures } from '@kaskita/domain/contract/admin-book';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { useCan } from '../../app/permission-tree.ts';
import { ReasonButton } from '../../components/reason-modal.tsx';
import { callApi } from '../../lib/api-client.ts';
import { formatBusinessDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';

// Only the pieces these bar charts draw: Chart.js is tree-shaken to them.
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip);

/**
 * A rupiah axis: whole rupiah only (an empty book would otherwise tick at 0.1, which is no amount), formatted as the
 * domain formats money.
 */
const MONEY_AXIS = {
  y: {
    ticks: {
      precision: 0,
      callback: (value: string | number) =>
        Number.isInteger(Number(value)) ? formatMoney(Number(value)) : '',
    },
  },
};

/** The theme's brand green (main.tsx). */
const BAR_COLOUR = '#0b6e4f';

function Figure({ title, value }: { title: string; value: string }) {
  return (
    <Card size="small">
      <Statistic title={title} value={value} />
    </Card>
  );
}

function Charts({ figures }: { figures: BookFigures }) {
  const { t, locale } = useI18n();
  const days = figures.disbursed_per_day;
  const perDayLabel = t({
    'en-US': 'Principal disbursed per day, last 30 days',
    'id-ID': 'Pokok tersalurkan per hari, 30 hari terakhir',
  });
  const bucketsLabel = t({
    'en-US': 'Overdue principal by days past due',
    'id-ID': 'Pokok terlambat menurut hari keterlambatan',
  });
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{perDayLabel}</h2>}>
          <Bar
            role="img"
            aria-label={perDayLabel}
            data={{
              labels: days.map((d) => formatBusinessDate(d.date, locale)),
              datasets: [
                { label: perDayLabel, data: days.map((d) => d.amount), backgroundColor: BAR_COLOUR },
              ],
            }}
            options={{
              responsive: true,
              plugins: { tooltip: { callbacks: { label: (item) => formatMoney(Number(item.raw)) } } },
              scales: MONEY_AXIS,
            }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{bucketsLabel}</h2>}>
          <Bar
            role="img"
            aria-label={bucketsLabel}
            data={{
              labels: figures.overdue.map((b) => `DPD ${b.bucket}`),
              datasets: [
                {
                  label: bucketsLabel,
                  data: figures.overdue.map((b) => b.principal),
                  backgroundColor: BAR_COLOUR,
                },
              ],
            }}
            options={{
              responsive: true,
              plugins: { tooltip: { callbacks: { label: (item) => formatMoney(Number(item.raw)) } } },
              scales: MONEY_AXIS,
            }}
          />
          {/* The same figures as text: a chart is a picture, the table is what a screen reader reads. */}
          <Table
            size="small"
            pagination={false}
            rowKey="bucket"
            dataSource={figures.overdue}
            columns={[
              { key: 'bucket', dataIndex: 'bucket', title: 'DPD' },
              { key: 'loans', dataIndex: 'loans', title: t({ 'en-US': 'Loans', 'id-ID': 'Pinjaman' }) },
              {
                key: 'principal',
                dataIndex: 'principal',
                title: t({ 'en-US': 'Principal', 'id-ID': 'Pokok' }),
                render: (v: number) => formatMoney(v),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

/**
 * The dashboard (loan.read): the platform figures as last computed from the loan book (the nightly job, or "Compute
 * now" by a member holding figures.publish), the same computation the landing page publishes.
 */
export default function DashboardPage() {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const canCompute = useCan(PERMISSIONS.figuresPublish);
  const query = useQuery({
    queryKey: [adminBookCalls.getDashboard.id, locale],
    queryFn: ({ signal }) => callApi(adminBookCalls.getDashboard, undefined, { signal }),
  });
  const figures = query.data?.figures ?? null;
  const count = (n: number) => n.toLocaleString(locale);

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t({ 'en-US': 'Dashboard', 'id-ID': 'Dasbor' })}
      </Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text type="secondary" data-testid="figures-as-of">
            {figures
              ? t({
                  'en-US': `As of ${formatBusinessDate(figures.as_of, locale)} (computed ${formatDateTime(figures.computed_at, locale)})`,
                  'id-ID': `Per ${formatBusinessDate(figures.as_of, locale)} (dihitung ${formatDateTime(figures.computed_at, locale)})`,
                })
              : query.isSuccess
                ? t({
                    'en-US': 'Not computed yet: the nightly job counts them, or compute them now.',
                    'id-ID': 'Belum dihitung: tugas malam menghitungnya, atau hitung sekarang.',
                  })
                : null}
          </Typography.Text>
          {canCompute && (
            <ReasonButton
              label={t({ 'en-US': 'Compute now', 'id-ID': 'Hitung sekarang' })}
              title={t({ 'en-US': 'Compute the figures now', 'id-ID': 'Hitung angka sekarang' })}
              description={
                <p>
                  {t({
                    'en-US':
                      'The figures are counted from the loan book now and published on the landing page.',
                    'id-ID': 'Angka dihitung dari buku pinjaman sekarang dan ditampilkan di halaman depan.',
                  })}
                </p>
              }
              onSubmit={async ({ reason }) => {
                await callApi(adminBookCalls.computeDashboard, { reason });
                await queryClient.invalidateQueries({ queryKey: [adminBookCalls.getDashboard.id] });
              }}
            />
          )}
        </Space>
        {query.error && <Alert type="error" showIcon title={query.error.message} />}
        {query.data?.holidays.renew && (
          <Alert
            type="warning"
            showIcon
            data-testid="holidays-renew"
            title={t({
              'en-US': `The national holiday table ends on ${query.data.holidays.covered_until ?? '—'}: add next year's holidays (the HOLIDAYS setting) before then, or collection contact and working-day deadlines will not know them.`,
              'id-ID': `Tabel hari libur nasional berakhir pada ${query.data.holidays.covered_until ?? '—'}: tambahkan hari libur tahun berikutnya (pengaturan HOLIDAYS) sebelum itu, agar kontak penagihan dan tenggat hari kerja mengetahuinya.`,
            })}
          />
        )}
        {figures && (
          <>
            <Row gutter={[16, 16]}>
              {[
                [
                  t({ 'en-US': 'Applications today', 'id-ID': 'Pengajuan hari ini' }),
                  count(figures.applications_today),
                ],
                [
                  t({ 'en-US': 'Approval rate, 30 days', 'id-ID': 'Tingkat persetujuan, 30 hari' }),
                  figures.approval_rate_percent === null ? '—' : `${figures.approval_rate_percent}%`,
                ],
                [
                  t({ 'en-US': 'Disbursed today', 'id-ID': 'Tersalurkan hari ini' }),
                  formatMoney(figures.disbursed_today),
                ],
                [
                  t({ 'en-US': 'Funds disbursed, all time', 'id-ID': 'Dana tersalurkan' }),
                  formatMoney(figures.funds_disbursed),
                ],
                [
                  t({ 'en-US': 'Outstanding principal', 'id-ID': 'Pokok terutang' }),
                  formatMoney(figures.outstanding_principal),
                ],
                [
                  t({ 'en-US': 'Loans being repaid', 'id-ID': 'Pinjaman berjalan' }),
                  count(figures.loans_repaying),
                ],
                ['TKB90', `${figures.tkb90_percent}%`],
                [
                  t({ 'en-US': 'Written-off principal', 'id-ID': 'Pokok dihapusbukukan' }),
                  formatMoney(figures.written_off_principal),
                ],
                [t({ 'en-US': 'Borrowers', 'id-ID': 'Penerima dana' }), count(figures.borrowers)],
                [
                  t({ 'en-US': 'Lenders', 'id-ID': 'Pemberi dana' }),
                  figures.lenders === null
                    ? t({ 'en-US': 'Not recorded', 'id-ID': 'Tidak tercatat' })
                    : count(figures.lenders),
                ],
              ].map(([title, value]) => (
                <Col key={title} xs={24} sm={12} lg={8} xl={6}>
                  <Figure title={title!} value={value!} />
                </Col>
              ))}
            </Row>
            <Charts figures={figures} />
          </>
        )}
      </Space>
    </>
  );
}
