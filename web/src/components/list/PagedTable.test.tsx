import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import type { PageResult } from '@/api/types';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import { sessionStore } from '@/store/session';
import { makeUser } from '@/test/fixtures';
import { showAllColumns } from '@/test/columns';
import { columnStorageKey, type ListColumn } from './columnSettings';
import PagedTable from './PagedTable';

interface Row {
  id: number;
  orderNo: string;
  hash: string;
}

const ROWS: Row[] = [{ id: 1, orderNo: 'W1', hash: '0xabc' }];
const WAIT = { timeout: 8000 };

const COLUMNS: Array<ListColumn<Row>> = [
  { title: 'Order', dataIndex: 'orderNo', key: 'orderNo', fixed: 'left', render: (v: string) => <span data-testid="cell-order">{v}</span> },
  { title: 'Hash', dataIndex: 'hash', key: 'hash', secondary: true, render: (v: string) => <span data-testid="cell-hash">{v}</span> },
];

function Harness({ fetchPage }: { fetchPage: () => Promise<PageResult<Row>> }) {
  const list = usePagedQuery<Row, object>(fetchPage, {});
  return <PagedTable<Row> list={list} columns={COLUMNS} listId="test-list" rowProps={(row) => ({ 'data-testid': `row-${row.id}` })} />;
}

const signIn = (id: number) => act(() => sessionStore.signIn(makeUser('all', { id })));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  signIn(7);
});
afterEach(() => act(() => sessionStore.signOut()));

function EmptyHarness({ filters, hint }: { filters: object; hint?: string }) {
  const list = usePagedQuery<Row, object>(async () => ({ list: [], total: 0 }), filters);
  return <PagedTable<Row> list={list} columns={COLUMNS} emptyHint={hint} />;
}

describe('the list kit table', () => {
  it('says what to do next when empty: widen a filter that is set, else where rows come from', async () => {
    const first = render(<EmptyHarness filters={{ start: '2026-11-01T00:00:00+08:00', address: '' }} />);
    expect((await screen.findByTestId('list-empty', undefined, WAIT)).textContent).toBe('Nothing matches this filter: widen the period or clear a filter.');
    first.unmount();
    const unfiltered = render(<EmptyHarness filters={{ address: '', chainId: undefined }} hint="Collections start from Fund collection." />);
    expect((await screen.findByTestId('list-empty', undefined, WAIT)).textContent).toBe('Collections start from Fund collection.');
    unfiltered.unmount();
    await act(() => i18n.changeLanguage('zh-CN'));
    render(<EmptyHarness filters={{}} />);
    expect((await screen.findByTestId('list-empty', undefined, WAIT)).textContent).toBe('暂无记录。');
  });

  it('shows a failed load as an error with Retry, not "No data", and Retry reads the list again', async () => {
    const fetchPage = vi.fn().mockRejectedValueOnce(new Error('500')).mockResolvedValue({ list: ROWS, total: 1 });
    render(<Harness fetchPage={fetchPage} />);
    expect(await screen.findByTestId('list-error', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText('The list could not be loaded')).toBeTruthy();
    expect(screen.queryByText(/Total:/)).toBeNull(); // no pager under an error

    fireEvent.click(screen.getByTestId('list-retry'));
    expect(await screen.findByTestId('row-1', undefined, WAIT)).toBeTruthy();
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('list-error')).toBeNull();
    expect(screen.getByText('Total: 1')).toBeTruthy();
  });

  it('says an empty answer is empty, not an error', async () => {
    render(<Harness fetchPage={() => Promise.resolve({ list: [], total: 0 })} />);
    expect((await screen.findByTestId('list-empty', undefined, WAIT)).textContent).toBe('Nothing here yet.');
    expect(screen.queryByTestId('list-error')).toBeNull();
  });

  it('hides secondary columns until switched on, and remembers the choice per user and list', async () => {
    const fetchPage = () => Promise.resolve({ list: ROWS, total: 1 });
    const first = render(<Harness fetchPage={fetchPage} />);
    const row = within(await screen.findByTestId('row-1', undefined, WAIT));
    expect(row.getByTestId('cell-order')).toBeTruthy();
    expect(row.queryByTestId('cell-hash')).toBeNull();

    fireEvent.click(screen.getByTestId('list-columns'));
    fireEvent.click(await screen.findByTestId('list-column-hash', undefined, WAIT));
    expect(within(screen.getByTestId('row-1')).getByTestId('cell-hash').textContent).toBe('0xabc');
    expect(JSON.parse(window.localStorage.getItem(columnStorageKey(7, 'test-list'))!)).toEqual({ hash: true });
    // The pinned order number cannot be switched off.
    expect(screen.queryByTestId('list-column-orderNo')).toBeNull();
    first.unmount();

    // The same user opens the list again: still shown.
    render(<Harness fetchPage={fetchPage} />);
    expect(within(await screen.findByTestId('row-1', undefined, WAIT)).getByTestId('cell-hash')).toBeTruthy();
  });

  it('does not carry one user’s columns over to another, and Default restores the list’s own', async () => {
    const fetchPage = () => Promise.resolve({ list: ROWS, total: 1 });
    window.localStorage.setItem(columnStorageKey(7, 'test-list'), JSON.stringify({ hash: true }));
    signIn(8);
    const other = render(<Harness fetchPage={fetchPage} />);
    expect(within(await screen.findByTestId('row-1', undefined, WAIT)).queryByTestId('cell-hash')).toBeNull();
    await showAllColumns();
    expect(within(screen.getByTestId('row-1')).getByTestId('cell-hash')).toBeTruthy();
    fireEvent.click(screen.getByTestId('list-columns-reset'));
    expect(within(screen.getByTestId('row-1')).queryByTestId('cell-hash')).toBeNull();
    expect(window.localStorage.getItem(columnStorageKey(8, 'test-list'))).toBeNull();
    other.unmount();
  });
});
