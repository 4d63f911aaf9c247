import { Card, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import type { Bilingual } from '@kaskita/domain/i18n/locale';
import { formatBusinessDate, formatDateTime, formatMoney } from '../lib/format.ts';
import { useI18n } from '../lib/i18n.tsx';

type Title = Bilingual | string;
type Field<T> = keyof T & string;

/**
 * The columns of a detail page's tables, each a field of the row shown one way: as it is, as rupiah, as a Jakarta
 * date and time, or as a business date. A missing value shows as a dash. Labels are Bilingual, read in the UI's
 * language.
 */
export function useDetailColumns<T extends object>() {
  const { t, locale } = useI18n();
  const label = (title: Title) => (typeof title === 'string' ? title : t(title));
  const column = (field: Field<T>, title: Title, show: (value: never) => string): ColumnType<T> => ({
    key: field,
    dataIndex: field,
    title: label(title),
    render: (value: unknown) => (value === null || value === undefined ? '—' : show(value as never)),
  });
  return {
    text: (field: Field<T>, title: Title) => column(field, title, (v: string | number) => String(v)),
    money: (field: Field<T>, title: Title) => column(field, title, (v: number) => formatMoney(v)),
    dateTime: (field: Field<T>, title: Title) =>
      column(field, title, (v: string) => formatDateTime(v, locale)),
    date: (field: Field<T>, title: Title) =>
      column(field, title, (v: string) => formatBusinessDate(v, locale)),
    /** A column computed from the whole row. */
    computed: (key: string, title: Title, show: (row: T) => string): ColumnType<T> => ({
      key,
      title: label(title),
      render: (_, row) => show(row),
    }),
  };
}

/**
 * One of a detail page's tables (a loan's bills, a borrower's payments ...): small, paged only past 20 rows, under a
 * heading of its own when it has a title (a tab's table has its tab).
 */
export function DetailTable<T extends object>({
  title,
  ...table
}: { title?: string } & Required<Pick<TableProps<T>, 'rowKey' | 'dataSource' | 'columns'>>) {
  const pagination = table.dataSource.length > 20 ? { pageSize: 20 } : false;
  const rows = <Table<T> size="small" pagination={pagination} {...table} />;
  if (!title) return rows;
  return <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>}>{rows}</Card>;
}
