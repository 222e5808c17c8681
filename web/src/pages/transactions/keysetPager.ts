import { useCallback, useState } from 'react';
import { useLatestAnswer } from '@/hooks/useLatestAnswer';
import { DEFAULT_PAGE_SIZE } from '@/hooks/usePagedQuery';

// A list paged by cursor (keyset): Previous and Next, the page number shown. The cursor of
// every page reached is kept, so Previous reads the page before again; a new filter or page
// size starts over from the first page.

export interface KeysetPosition {
  /** cursors[i] opens page i + 1; the first page has none. */
  cursors: ReadonlyArray<string | null>;
  /** The page shown, from 0. */
  index: number;
  pageSize: number;
}

export const firstPage = (pageSize = DEFAULT_PAGE_SIZE): KeysetPosition => ({ cursors: [null], index: 0, pageSize });

/** The page after the one shown, opened by the answer's `next`; the pages beyond it are forgotten. */
export const nextPage = (at: KeysetPosition, next: string | null): KeysetPosition =>
  next === null ? at : { ...at, cursors: [...at.cursors.slice(0, at.index + 1), next], index: at.index + 1 };

export const previousPage = (at: KeysetPosition): KeysetPosition => (at.index === 0 ? at : { ...at, index: at.index - 1 });

export const cursorOf = (at: KeysetPosition): string | undefined => at.cursors[at.index] ?? undefined;

interface Answer<T> {
  list: T[];
  total: number;
  next: string | null;
}

/** The list of `fetchPage` under `filters`, paged by cursor; stale answers are dropped. */
export function useKeysetList<T, F extends object>(fetchPage: (query: F & { pageSize: number; cursor?: string }) => Promise<Answer<T>>, initialFilters: F) {
  const [filters, setFilters] = useState(initialFilters);
  const [position, setPosition] = useState(() => firstPage());
  const load = () => {
    const cursor = cursorOf(position);
    return fetchPage({ ...filters, pageSize: position.pageSize, ...(cursor ? { cursor } : {}) }).then((found) => ({
      list: found?.list ?? [],
      total: found?.total ?? 0,
      next: found?.next ?? null,
    }));
  };
  const { answer, loading, failed, reload } = useLatestAnswer<Answer<T>>(load, { list: [], total: 0, next: null }, [filters, position]);

  const search = useCallback((next: F) => {
    setFilters(next);
    setPosition((at) => firstPage(at.pageSize));
  }, []);

  return {
    rows: answer.list,
    total: answer.total,
    loading,
    failed,
    filters,
    page: position.index + 1,
    pageSize: position.pageSize,
    hasPrevious: position.index > 0,
    hasNext: answer.next !== null,
    search,
    next: () => setPosition((at) => nextPage(at, answer.next)),
    previous: () => setPosition(previousPage),
    changePageSize: (pageSize: number) => setPosition(firstPage(pageSize)),
    reload,
  };
}

export type KeysetList<T> = ReturnType<typeof useKeysetList<T, object>>;
