import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import PagedTable from '@/components/list/PagedTable';
import { operationLogPage } from '@/api/logs';
import type { OperationLogEntry } from '@/api/types';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import LogFilterBar, { type LogFilters } from './LogFilterBar';
import { OperationChange, operationLogColumns } from './logColumns';

/** Logs > Operation logs (menu 902): every mutating call, with the state before and after. */
export default function OperationLogsPage() {
  const { t } = useTranslation();
  const timeZone = useMerchantTimeZone();
  const list = usePagedQuery<OperationLogEntry, LogFilters>(operationLogPage, {});
  return (
    <Card title={t('operation_logs')} className="coffer-card" data-testid="operation-logs">
      <LogFilterBar kind="operation" timeZone={timeZone} onSearch={list.search} />
      <PagedTable<OperationLogEntry>
        list={list}
        listId="operation-logs"
        columns={operationLogColumns(t, timeZone, { withEmail: true })}
        rowProps={(entry) => ({ 'data-testid': `log-row-${entry.id}` })}
        expandable={{ expandedRowRender: (entry) => <OperationChange entry={entry} t={t} /> }}
      />
    </Card>
  );
}
