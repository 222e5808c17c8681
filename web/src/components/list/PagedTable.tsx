import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PagedList } from '@/hooks/usePagedQuery';

interface PagedTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'onRow'> {
  list: PagedList<T>;
  /** The attributes of a row (its test id). */
  rowProps?: (row: T) => Record<string, unknown>;
}

/** A server-paged list's table: its rows, loading state and pager with the total. */
export default function PagedTable<T extends object>({ list, rowProps, ...table }: PagedTableProps<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      loading={list.loading}
      dataSource={list.rows}
      pagination={{ ...list.pagination, showTotal: (total) => t('total_items', { total }) }}
      scroll={{ x: 'max-content' }}
      onRow={rowProps ? (row) => rowProps(row) as object : undefined}
      {...table}
    />
  );
}
