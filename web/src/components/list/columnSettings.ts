import { useCallback, useMemo, useState, type HTMLAttributes, type ReactNode } from 'react';
import type { ColumnType } from 'antd/es/table';
import { sessionStore } from '@/store/session';
import { readJson, writeJson } from '@/utils/storage';

// Which columns a list shows: each list declares its main columns (shown) and its secondary
// ones (off until switched on); a user's choice is remembered per user and list in local
// storage, so one person's wide table does not follow another who signs in on the same browser.

/**
 * A list column; `secondary` ones start hidden and can be switched on in the column settings.
 * `phone` marks what a row shows on a phone (below 576 px: the amount and the status, say):
 * when a list marks some, its other columns are left out there, so the row fits without
 * scrolling sideways and a tap opens the rest.
 */
export type ListColumn<T> = ColumnType<T> & { secondary?: boolean; phone?: boolean };

/** The class of a column left out on a phone (styles.css: below 576 px). */
export const OFF_PHONE = 'coffer-off-phone';

/** The columns as antd draws them: off a phone, unless marked `phone` (when any is). */
export function forScreens<T>(columns: ReadonlyArray<ListColumn<T>>): Array<ColumnType<T>> {
  const marked = columns.some((column) => column.phone);
  return columns.map(({ secondary: _secondary, phone, ...column }) =>
    marked && !phone ? { ...column, className: [column.className, OFF_PHONE].filter(Boolean).join(' ') } : column,
  );
}

/** The class of a table whose rows are cards on a phone (styles.css: below 576 px). */
export const PHONE_CARDS = 'coffer-phone-cards';

/**
 * The columns of a table whose rows are cards on a phone (PHONE_CARDS): each cell carries its
 * column's title (`data-label`), which the card writes before the value, as it has no header row
 * there. A column's own cell attributes are kept.
 */
export function labelCells<T>(columns: ReadonlyArray<ColumnType<T>>): Array<ColumnType<T>> {
  return columns.map((column) => {
    if (typeof column.title !== 'string') return column;
    const { onCell, title } = column;
    return { ...column, onCell: (row: T, index?: number) => ({ ...onCell?.(row, index), 'data-label': title }) as HTMLAttributes<HTMLElement> };
  });
}

/**
 * The row's buttons, pinned to the right edge: they always show, and a list's main columns are
 * chosen so that they fit beside it at 1200 px (e2e/lists.spec.ts).
 */
export const actionsColumn = <T>(title: string, render: (row: T) => ReactNode): ListColumn<T> => ({
  title,
  key: 'actions',
  fixed: 'right',
  render: (_value: unknown, row: T) => render(row),
});

/** Shown (true) or hidden (false) per column key: only what the user changed. */
export type ColumnChoice = Record<string, boolean>;

export const columnStorageKey = (userId: number | string, listId: string) => `coffer.columns.${userId}.${listId}`;

const currentUserKey = (listId: string) => columnStorageKey(sessionStore.get().user?.id ?? 'anonymous', listId);

export const readColumnChoice = (listId: string): ColumnChoice => readJson<ColumnChoice>(currentUserKey(listId)) ?? {};

export const writeColumnChoice = (listId: string, choice: ColumnChoice) =>
  writeJson(currentUserKey(listId), Object.keys(choice).length > 0 ? choice : null);

/** A column the user may hide or show: keyed, not pinned to a side (order number, actions). */
export const isToggleable = <T>(column: ListColumn<T>) => column.key !== undefined && !column.fixed;

/** Whether a column shows under a choice: the user's word, else its default. */
export const isShown = <T>(column: ListColumn<T>, choice: ColumnChoice) =>
  !isToggleable(column) || (choice[String(column.key)] ?? !column.secondary);

/** The columns a list shows now, the toggleable ones, and how to change the choice. */
export function useColumnSettings<T>(listId: string | undefined, columns: ReadonlyArray<ListColumn<T>>) {
  const [choice, setChoice] = useState<ColumnChoice>(() => (listId ? readColumnChoice(listId) : {}));
  const save = useCallback(
    (next: ColumnChoice) => {
      setChoice(next);
      if (listId) writeColumnChoice(listId, next);
    },
    [listId],
  );
  const visible = useMemo(
    () => forScreens(columns.filter((column) => isShown(column, choice))),
    [columns, choice],
  );
  const toggleable = useMemo(() => columns.filter(isToggleable), [columns]);
  return {
    visible,
    toggleable,
    isShown: (column: ListColumn<T>) => isShown(column, choice),
    setShown: (key: string, shown: boolean) => save({ ...choice, [key]: shown }),
    showAll: () => save(Object.fromEntries(toggleable.map((column) => [String(column.key), true]))),
    reset: () => save({}),
  };
}
