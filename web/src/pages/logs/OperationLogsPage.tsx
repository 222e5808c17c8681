import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
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
      <Table<OperationLogEntry>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.rows}
        columns={operationLogColumns(t, timeZone, { withEmail: true })}
        expandable={{ expandedRowRender: (entry) => <OperationChange entry={entry} t={t} /> }}
        pagination={{ ...list.pagination, showTotal: (total) => t('total_items', { total }) }}
        scroll={{ x: 1000 }}
      />
    </Card>
  );
}
