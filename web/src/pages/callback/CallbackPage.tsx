import { useState } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@/components/list/CellText';
import { actionsColumn, type ListColumn } from '@/components/list/columnSettings';
import FilterBar from '@/components/list/FilterBar';
import ListCard from '@/components/list/ListCard';
import PagedTable from '@/components/list/PagedTable';
import { pageCallbacks, pushCallback, type CallbackEvent, type CallbackFilters } from '@/api/callbacks';
import { useAccess } from '@/hooks/useAccess';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import RePushButton from '@/pages/orders/RePushButton';
import { CallbackEventStatusTag } from '@/pages/orders/StatusTags';
import { zoneTime } from '@/pages/orders/orderFields';
import CallbackAddresses from '@/pages/system/CallbackAddresses';
import { PERMISSIONS } from '@/router/permissions';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { CALLBACK_FILTER_FIELDS, toCallbackFilters, type CallbackFilterValues } from './callbackFilters';
import EventAttempts from './EventAttempts';

/**
 * System › Callback (menu 804), one card: the callback and risk-control addresses on a compact
 * strip (so the log keeps its rows in view), the callback log, each event's attempts, and
 * re-push (80401).
 */
export default function CallbackPage() {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const timeZone = useMerchantTimeZone();
  const list = usePagedQuery<CallbackEvent, CallbackFilters>(pageCallbacks, {});
  // Bumped per event after a re-push, so an open row reads its attempts again.
  const [reloads, setReloads] = useState<Record<string, number>>({});
  const time = (value: string | null) => zoneTime(value, timeZone);

  // At first: the event (its id, order number and name), its status with the attempts so far,
  // and Re-push; the HTTP status and the times in the column settings (each attempt's in the
  // expanded row).
  const columns: Array<ListColumn<CallbackEvent>> = [
    { title: t('callback_event_id'), dataIndex: 'eventId', key: 'eventId', render: (value: string) => <CopyText text={value} testId="callback-event-id" mono /> },
    { title: t('order_no'), dataIndex: 'orderNo', key: 'orderNo', render: (value: string) => <span className="coffer-nowrap" data-testid="callback-order-no">{value || '—'}</span> },
    {
      title: t('callback_event'),
      dataIndex: 'event',
      key: 'event',
      render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
    },
    {
      title: t('status'),
      dataIndex: 'status',
      key: 'status',
      render: (value: number) => <CallbackEventStatusTag value={value} testId="callback-status" />,
    },
    {
      title: t('callback_attempt_count'),
      dataIndex: 'attempts',
      key: 'attempts',
      align: 'right',
      render: (value: number) => <span data-testid="callback-attempts">{value}</span>,
    },
    {
      title: t('callback_last_http'),
      dataIndex: 'lastHttpStatus',
      key: 'lastHttpStatus',
      secondary: true,
      render: (value: number | null) => <span data-testid="callback-last-http">{value ?? '—'}</span>,
    },
    { title: t('callback_next_attempt'), dataIndex: 'nextAttemptTime', key: 'nextAttemptTime', secondary: true, render: time },
    { title: t('created_time'), dataIndex: 'createtime', key: 'createtime', secondary: true, render: time },
    { title: t('callback_delivered'), dataIndex: 'deliveredtime', key: 'deliveredtime', secondary: true, render: time },
  ];
  if (hasPermission(PERMISSIONS.callbackPush)) {
    columns.push(
      actionsColumn(t('actions'), (event) => (
        <RePushButton
          orderNo={event.orderNo || event.eventId}
          push={() => pushCallback(event.eventId)}
          onPushed={() => {
            list.reload();
            setReloads((current) => ({ ...current, [event.eventId]: (current[event.eventId] ?? 0) + 1 }));
          }}
          testId="callback-push"
        />
      )),
    );
  }

  return (
    <div data-testid="callback-page">
      <ListCard title={t('callback_log')} testId="callback-log" tip={t('callback_log_tip')}>
        <CallbackAddresses />
        <FilterBar<CallbackFilterValues, CallbackFilters>
          fields={CALLBACK_FILTER_FIELDS}
          testId="callback-filters"
          toFilters={(values) => toCallbackFilters(values, timeZone)}
          onSearch={list.search}
        />
        <PagedTable<CallbackEvent>
          list={list}
          listId="callback-log"
          rowKey="eventId"
          columns={columns}
          expandable={{
            expandedRowRender: (event) => <EventAttempts eventId={event.eventId} timeZone={timeZone} reloadKey={reloads[event.eventId] ?? 0} />,
          }}
          rowProps={(event) => ({ 'data-testid': `callback-row-${event.eventId}` })}
        />
      </ListCard>
    </div>
  );
}
