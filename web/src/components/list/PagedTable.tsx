import type { ReactNode } from 'react';
import { Button, Result, Table, type TableProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PagedList } from '@/hooks/usePagedQuery';
import ColumnSettings from './ColumnSettings';
import { useColumnSettings, type ListColumn } from './columnSettings';

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
 * A server-paged list's table (compact, each row one line: styles.css): its rows, loading state and pager with the total; the column
 * settings when the list has an id; a failed load as an error with Retry, not "No data".
 */
export default function PagedTable<T extends object>({ list, columns, listId, toolbar, rowProps, locale, ...table }: PagedTableProps<T>) {
  const { t } = useTranslation();
  const settings = useColumnSettings(listId, columns);
  return (
    <>
      {(listId || toolbar) && (
        <div className="coffer-table-toolbar">
          <div>{toolbar}</div>
          {listId && settings.toggleable.length > 0 && <ColumnSettings settings={settings} />}
        </div>
      )}
      <div className="coffer-list-table" data-testid="list-table">
        <Table<T>
          rowKey="id"
          size="small"
          loading={list.loading}
          dataSource={list.failed ? [] : list.rows}
          columns={settings.visible}
          pagination={list.failed || list.pagination === false ? false : { ...list.pagination, showTotal: (total) => t('total_items', { total }) }}
          locale={list.failed ? { ...locale, emptyText: <ListError onRetry={list.reload} /> } : locale}
          scroll={{ x: 'max-content' }}
          onRow={rowProps ? (row) => rowProps(row) as object : undefined}
          {...table}
        />
      </div>
    </>
  );
}
