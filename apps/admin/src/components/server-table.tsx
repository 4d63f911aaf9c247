import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Select, Space, Table, type TableProps } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@kaskita/domain/contract/admin-paging';
import type { CallDefinition, CallInput } from '@kaskita/domain/contract/define-call';
import type { Bilingual } from '@kaskita/domain/i18n/locale';
import { callApi } from '../lib/api-client.ts';
import { useI18n } from '../lib/i18n.tsx';

/** A filter above the table: its `name` is the call's query field and the URL's search parameter. */
export type TableFilter =
  | { name: string; label: Bilingual; type: 'text' }
  | {
      name: string;
      label: Bilingual;
      type: 'select';
      options: { value: string; label: Bilingual | string }[];
      /**
       * What the server reads a blank filter as, for a call with no "all" (relief requests: `requested`): shown and
       * sent while the URL names none, and what "Clear" returns to, so the bar never shows blank over filtered rows.
       */
      defaultValue?: string;
    }
  | { name: string; label: Bilingual; type: 'date' };

const defaultOf = (filter: TableFilter) => (filter.type === 'select' ? filter.defaultValue : undefined);

type PagedCall = CallDefinition & {
  query: z.ZodType;
  response: z.ZodType<{ items: unknown[]; total: number }>;
};
type ItemOf<C extends PagedCall> = z.output<C['response']>['items'][number];

interface ServerTableProps<C extends PagedCall> {
  /** A list call of the contract whose query is `pageQuerySchema(...)` (contract/admin-paging.ts). */
  call: C;
  /** Columns; a column with `sorter: true` sorts on the server by its `key` (one of the call's sortable names). */
  columns: ColumnsType<ItemOf<C>>;
  rowKey: string & keyof ItemOf<C>;
  filters?: readonly TableFilter[];
  /**
   * Query fields the page sets itself rather than the filter bar, such as its selected tab (collections' bucket, the
   * disbursements' tab); the page keeps them in the URL as it likes.
   */
  fixedInput?: Record<string, string>;
  /** Anything else antd's Table takes (onRow for a detail drawer, expandable, size ...). */
  tableProps?: Omit<
    TableProps<ItemOf<C>>,
    'columns' | 'dataSource' | 'rowKey' | 'pagination' | 'onChange' | 'loading'
  >;
}

const PAGE_KEYS = ['page', 'page_size', 'sort', 'order'] as const;

/**
 * A server-paged list: page, page size, sort and filters live in the URL's search parameters (a list can be
 * bookmarked, shared and reloaded as it is), the rows come from the call through TanStack Query (the previous page
 * stays on screen while the next loads), and the query key is the call's id with its input, so a mutation
 * invalidates every page of a list with `queryClient.invalidateQueries({ queryKey: [call.id] })`.
 */
export function ServerTable<C extends PagedCall>({
  call,
  columns,
  rowKey,
  filters = [],
  fixedInput,
  tableProps,
}: ServerTableProps<C>) {
  const { t, locale } = useI18n();
  const [search, setSearch] = useSearchParams();
  const [form] = Form.useForm<Record<string, string | undefined>>();
  const input: Record<string, string> = { ...fixedInput };
  for (const key of PAGE_KEYS) {
    const value = search.get(key);
    if (value) input[key] = value;
  }
  for (const filter of filters) {
    const value = search.get(filter.name) || defaultOf(filter);
    if (value) input[filter.name] = value;
  }
  const page = Number(input.page ?? 1) || 1;
  const pageSize = Math.min(Number(input.page_size ?? DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const query = useQuery({
    queryKey: [call.id, input, locale],
    queryFn: ({ signal }) => callApi(call, input as CallInput<C>, { signal }),
    placeholderData: keepPreviousData,
  });

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes))
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    setSearch(next);
  };

  const sortedColumns = columns.map((column) =>
    column.sorter && column.key === input.sort
      ? { ...column, sortOrder: input.order === 'desc' ? ('descend' as const) : ('ascend' as const) }
      : column.sorter
        ? { ...column, sortOrder: null }
        : column,
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {filters.length > 0 && (
        <Form
          form={form}
          // Prefixes the fields' ids (filters_role): a modal's form on the same page may have fields of the same name,
          // and a label must point at its own input.
          name="filters"
          layout="inline"
          initialValues={Object.fromEntries(filters.map((f) => [f.name, search.get(f.name) || defaultOf(f)]))}
          onFinish={(values) => update({ ...values, page: undefined })}
        >
          {filters.map((filter) => (
            <Form.Item key={filter.name} name={filter.name} label={t(filter.label)}>
              {filter.type === 'select' ? (
                <Select
                  allowClear={filter.defaultValue === undefined}
                  style={{ minWidth: 160 }}
                  aria-label={t(filter.label)}
                  options={filter.options.map((o) => ({
                    value: o.value,
                    label: typeof o.label === 'string' ? o.label : t(o.label),
                  }))}
                />
              ) : (
                <Input
                  allowClear
                  type={filter.type === 'date' ? 'date' : 'text'}
                  aria-label={t(filter.label)}
                />
              )}
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t({ 'en-US': 'Filter', 'id-ID': 'Saring' })}
              </Button>
              <Button
                onClick={() => {
                  form.setFieldsValue(Object.fromEntries(filters.map((f) => [f.name, defaultOf(f)])));
                  update(
                    Object.fromEntries([...filters.map((f) => [f.name, undefined]), ['page', undefined]]),
                  );
                }}
              >
                {t({ 'en-US': 'Clear', 'id-ID': 'Hapus saringan' })}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      {query.error && <Alert type="error" showIcon title={query.error.message} />}
      <Table<ItemOf<C>>
        {...tableProps}
        rowKey={rowKey}
        columns={sortedColumns}
        dataSource={query.data?.items as ItemOf<C>[] | undefined}
        loading={query.isFetching}
        pagination={{
          current: page,
          pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t({ 'en-US': `${total} in all`, 'id-ID': `${total} total` }),
        }}
        onChange={(pagination, _filters, sorter) => {
          const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ItemOf<C>> | undefined;
          update({
            page: pagination.current && pagination.current > 1 ? String(pagination.current) : undefined,
            page_size:
              pagination.pageSize && pagination.pageSize !== DEFAULT_PAGE_SIZE
                ? String(pagination.pageSize)
                : undefined,
            sort: one?.order ? String(one.columnKey) : undefined,
            order: one?.order ? (one.order === 'descend' ? 'desc' : 'asc') : undefined,
          });
        }}
      />
    </Space>
  );
}
