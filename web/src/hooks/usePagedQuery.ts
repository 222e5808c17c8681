import { useCallback, useState } from 'react';
import { useLatestAnswer } from './useLatestAnswer';
import type { PageQuery, PageResult } from '@/api/types';

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];
export const DEFAULT_PAGE_SIZE = 20;

interface PagedState<F> {
  page: number;
  pageSize: number;
  filters: F;
}

/**
 * A server-paginated list: page, page size and filters in, `{list, total}` out. Changing the
 * filters returns to page 1; an answer that arrives after a newer request started is dropped.
 * `enabled` false holds the first request (e.g. until the merchant's time zone is known).
 */
export function usePagedQuery<T, F extends object>(
  fetchPage: (query: PageQuery & F) => Promise<PageResult<T>>,
  initialFilters: F,
  enabled = true,
) {
  const [state, setState] = useState<PagedState<F>>({ page: 1, pageSize: DEFAULT_PAGE_SIZE, filters: initialFilters });
  const load = () =>
    fetchPage({ page: state.page, pageSize: state.pageSize, ...state.filters }).then((answer) => ({
      list: answer?.list ?? [],
      total: answer?.total ?? 0,
    }));
  const { answer: result, loading, failed, reload } = useLatestAnswer<PageResult<T>>(load, { list: [], total: 0 }, [state], enabled);

  const search = useCallback((filters: F) => setState((current) => ({ ...current, page: 1, filters })), []);
  const changePage = useCallback(
    (page: number, pageSize: number) =>
      setState((current) => ({ ...current, page: pageSize === current.pageSize ? page : 1, pageSize })),
    [],
  );
  /** After a row was added: page 1, where a new row shows. */
  const reloadFirstPage = () => (state.page !== 1 ? changePage(1, state.pageSize) : reload());
  /** After a row was removed: the page before when it was the last row of its page. */
  const reloadAfterRemove = () =>
    result.list.length === 1 && state.page > 1 ? changePage(state.page - 1, state.pageSize) : reload();

  return {
    rows: result.list,
    total: result.total,
    loading,
    failed,
    page: state.page,
    pageSize: state.pageSize,
    filters: state.filters,
    search,
    changePage,
    reload,
    reloadFirstPage,
    reloadAfterRemove,
    /** antd Table `pagination` for this list, with the page-size chooser. */
    pagination: {
      current: state.page,
      pageSize: state.pageSize,
      total: result.total,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZE_OPTIONS,
      onChange: changePage,
    },
  };
}

/** What a table shows of a list: paged (with its pager), or whole (`pagination` false). */
export type PagedList<T> =
  | Pick<ReturnType<typeof usePagedQuery<T, object>>, 'rows' | 'loading' | 'failed' | 'reload' | 'pagination' | 'filters'>
  | ReturnType<typeof useWholeList<T>>;

/**
 * A list the server answers whole (tokens, roles, the IP whitelist): rows, loading, a failed
 * load (the table shows it with Retry) and `reload`; read again when `key` changes.
 */
export function useWholeList<T>(fetchAll: () => Promise<T[] | null | undefined>, key: unknown = null) {
  const load = () => fetchAll().then((list) => list ?? []);
  const { answer: rows, loading, failed, reload, replace } = useLatestAnswer<T[]>(load, [], [key]);
  return { rows, loading, failed, reload, replace, pagination: false as const };
}
