/** A page of a back-office list (contract/admin-paging.ts): 1-based, and the direction of its one order. */
export interface Paging {
  page: number;
  pageSize: number;
  order?: 'asc' | 'desc' | undefined;
}

/** The page's limit and offset. */
export const pageWindow = ({ page, pageSize }: Paging) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});
