import { useMemo, type ReactNode } from 'react';
import { Button, Empty, Result, Table, type TableProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PagedList } from '@/hooks/usePagedQuery';
import ColumnSettings from './ColumnSettings';
import { PHONE_CARDS, labelCells, useColumnSettings, type ListColumn } from './columnSettings';

interface PagedTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'onRow' | 'columns'> {
  list: PagedList<T>;
  columns: ReadonlyArray<ListColumn<T>>;
  /**
   * The list's name for the column settings (remembered per user and list); none: no Columns
   * button, every column shows.
   */
  listId?: string;
  /** Left of the Columns button, above the table. */
  toolbar?: ReactNode;
  /** The attributes of a row (its test id). */
  rowProps?: (row: T) => Record<string, unknown>;
  /** What to do next when the list is empty and nothing filters it (where rows come from). */
  emptyHint?: ReactNode;
  /**
   * On a phone each row is a card: every shown column on a line of its own, after its title,
   * instead of a row scrolled sideways. For a short list whose every field matters there.
   */
  phoneCards?: boolean;
}

/** Whether any of a list's filters is set (an empty text or a cleared field does not count). */
export const isFiltered = (filters: object): boolean =>
  Object.values(filters).some((value) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0));

/** What an empty list says: with a filter set, to widen it; without, where its rows come from. */
export function ListEmpty({ filtered, hint }: { filtered: boolean; hint?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <span data-testid="list-empty" data-filtered={filtered}>
          {filtered ? t('list_empty_filtered') : (hint ?? t('list_empty'))}
        </span>
      }
    />
  );
}

/** What a failed load shows in the table's place of rows: why, and Retry. */
export function ListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="list-error">
      <Result
        status="error"
        className="coffer-list-error"
        title={t('list_load_failed')}
        subTitle={t('list_load_failed_hint')}
        extra={
          <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry} data-testid="list-retry">
            {t('list_retry')}
          </Button>
        }
      />
    </div>
  );
}

/**
 * A server-paged list's table (compact, each row one line: styles.css; a card per row on a phone
 * with `phoneCards`): its rows, loading state and pager with the total; the column
 * settings when the list has an id; a failed load as an error with Retry, not "No data"; an
 * empty list says what to do next (widen the filter, or where its rows come from).
 */
export default function PagedTable<T extends object>({ list, columns, listId, toolbar, rowProps, emptyHint, phoneCards = false, locale, ...table }: PagedTableProps<T>) {
  const { t } = useTranslation();
  const settings = useColumnSettings(listId, columns);
  const shown = useMemo(() => (phoneCards ? labelCells(settings.visible) : settings.visible), [phoneCards, settings.visible]);
  return (
    <>
      {(listId || toolbar) && (
        <div className="coffer-table-toolbar">
          <div>{toolbar}</div>
          {listId && settings.toggleable.length > 0 && <ColumnSettings settings={settings} />}
        </div>
      )}
      <div className={phoneCards ? `coffer-list-table ${PHONE_CARDS}` : 'coffer-list-table'} data-testid="list-table">
        <Table<T>
          rowKey="id"
          size="small"
          loading={list.loading}
          dataSource={list.failed ? [] : list.rows}
          columns={shown}
          pagination={list.failed || list.pagination === false ? false : { ...list.pagination, showTotal: (total) => t('total_items', { total }) }}
          locale={{
            ...locale,
            emptyText: list.failed ? <ListError onRetry={list.reload} /> : (locale?.emptyText ?? <ListEmpty filtered={'filters' in list && isFiltered(list.filters as object)} hint={emptyHint} />),
          }}
          scroll={{ x: 'max-content' }}
          onRow={rowProps ? (row) => rowProps(row) as object : undefined}
          {...table}
        />
      </div>
    </>
  );
}
