import type { TableProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '@/components/list/columnSettings';
import FilterBar from '@/components/list/FilterBar';
import ListCard from '@/components/list/ListCard';
import PagedTable from '@/components/list/PagedTable';
import type { PageQuery, PageResult } from '@/api/types';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import type { TranslationKey } from '@/locales/types';
import { LOG_FILTER_FIELDS, LOG_FILTER_INITIAL, toLogFilters, type LogFilters, type LogFilterValues, type LogKind } from './logFilters';

interface LogListCardProps<T> {
  kind: LogKind;
  title: TranslationKey;
  /** The card's test id, also the list's name for the column settings. */
  testId: string;
  fetchPage: (query: PageQuery & LogFilters) => Promise<PageResult<T>>;
  columns: (t: TFunction, timeZone: number | null) => ReadonlyArray<ListColumn<T>>;
  expandable?: TableProps<T>['expandable'];
}

/** A log screen (login or operation logs): the kit's card, the log filter and the paged entries. */
export default function LogListCard<T extends { id: number }>({ kind, title, testId, fetchPage, columns, expandable }: LogListCardProps<T>) {
  const { t } = useTranslation();
  const timeZone = useMerchantTimeZone();
  const list = usePagedQuery<T, LogFilters>(fetchPage, {});
  return (
    <ListCard title={t(title)} testId={testId}>
      <FilterBar<LogFilterValues, LogFilters>
        fields={LOG_FILTER_FIELDS[kind]}
        testId="log-filters"
        initialValues={LOG_FILTER_INITIAL}
        toFilters={(values) => toLogFilters(kind, values, timeZone)}
        onSearch={list.search}
      />
      <PagedTable<T>
        list={list}
        listId={testId}
        columns={columns(t, timeZone)}
        expandable={expandable}
        rowProps={(entry) => ({ 'data-testid': `log-row-${entry.id}` })}
      />
    </ListCard>
  );
}
