import { Empty, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { EnergyOrder, EnergyOrderFilters } from '@/api/energy';
import FilterBar from '@/components/list/FilterBar';
import type { ListColumn } from '@/components/list/columnSettings';
import { compactFilters, statusField, type FilterField } from '@/components/list/filterFields';
import ListCard from '@/components/list/ListCard';
import PagedTable from '@/components/list/PagedTable';
import type { PagedList } from '@/hooks/usePagedQuery';
import { zoneTime } from '@/pages/orders/orderFields';
import { AmountText, StatusTag } from '@/pages/orders/StatusTags';
import { AddressText } from '@/pages/token/AddressText';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { ENERGY_ORDER_STATUS, ENERGY_ORDER_STATUSES, energyText } from './energyRules';

export const ENERGY_FILTER_FIELDS: ReadonlyArray<FilterField<EnergyOrderFilters>> = [
  statusField(ENERGY_ORDER_STATUSES, ENERGY_ORDER_STATUS),
  { kind: 'text', name: 'address', testId: 'filter-address', placeholder: 'energy_filter_address' },
];

/** "1 / 3": what was used of what was bought (uses, or today's uses of the max daily). */
const ofText = (done: number, limit: number, testId: string) => (
  <span className="coffer-nowrap" data-testid={testId}>
    {done} / {limit}
  </span>
);

export function energyOrderColumns(t: TFunction, timeZone: number | null): Array<ListColumn<EnergyOrder>> {
  const points = t('points_asset_2');
  const amount = (key: 'pricePerUse' | 'totalPoints' | 'chargedPoints' | 'refundedPoints', title: string, testId: string, secondary = false): ListColumn<EnergyOrder> => ({
    title,
    dataIndex: key,
    key,
    align: 'right',
    secondary,
    render: (value: string) => <AmountText amount={value} symbol={points} testId={testId} />,
  });
  const time = (key: 'createdAt' | 'endsAt' | 'endedAt', title: string, secondary = false): ListColumn<EnergyOrder> => ({
    title,
    dataIndex: key,
    key,
    secondary,
    render: (value: string | null) => zoneTime(value, timeZone),
  });
  return [
    { title: t('energy_order_id'), dataIndex: 'id', key: 'id', render: (value: number) => <span data-testid="energy-order-id">{value}</span> },
    { title: t('energy_address'), dataIndex: 'address', key: 'address', render: (value: string) => <AddressText address={value} testId="energy-order-address" /> },
    { title: t('energy_times'), dataIndex: 'times', key: 'times', align: 'right', secondary: true, render: (value: number) => <span data-testid="energy-order-times">{value}</span> },
    { title: t('energy_used'), dataIndex: 'used', key: 'used', align: 'right', render: (value: number, order) => ofText(value, order.times, 'energy-order-used') },
    { title: t('energy_today'), dataIndex: 'todayUses', key: 'todayUses', align: 'right', render: (value: number, order) => ofText(value, order.maxDailyUses, 'energy-order-today') },
    { title: t('energy_days'), dataIndex: 'days', key: 'days', align: 'right', render: (value: number) => <span data-testid="energy-order-days">{value}</span> },
    {
      title: t('energy_per_use'),
      dataIndex: 'energyPerUse',
      key: 'energyPerUse',
      align: 'right',
      secondary: true,
      render: (value: number) => <span data-testid="energy-order-energy">{energyText(value)}</span>,
    },
    amount('pricePerUse', t('energy_price_per_use'), 'energy-order-price', true),
    amount('totalPoints', t('energy_held_points'), 'energy-order-total'),
    amount('chargedPoints', t('energy_charged_points'), 'energy-order-charged'),
    amount('refundedPoints', t('energy_refunded_points'), 'energy-order-refunded'),
    {
      title: t('status'),
      dataIndex: 'status',
      key: 'status',
      width: 240,
      render: (value: number, order) => (
        <Space direction="vertical" size={4}>
          <StatusTag map={ENERGY_ORDER_STATUS} value={value} testId="energy-order-status" />
          {order.reason && (
            <Typography.Text type="secondary" data-testid="energy-order-reason">
              {order.reason}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    time('createdAt', t('created_time')),
    time('endsAt', t('energy_ends')),
    time('endedAt', t('energy_ended'), true),
  ];
}

/** The merchant's energy orders, newest first, filtered by status and receiving address. */
export default function EnergyOrdersCard({ list, onSearch }: { list: PagedList<EnergyOrder>; onSearch: (filters: EnergyOrderFilters) => void }) {
  const { t } = useTranslation();
  const timeZone = useMerchantTimeZone();
  return (
    <ListCard title={t('energy_orders')} testId="energy-orders">
      <FilterBar<EnergyOrderFilters, EnergyOrderFilters> fields={ENERGY_FILTER_FIELDS} testId="energy-filters" toFilters={compactFilters} onSearch={onSearch} />
      <PagedTable<EnergyOrder>
        list={list}
        listId="energy-orders"
        columns={energyOrderColumns(t, timeZone)}
        locale={{ emptyText: <Empty description={t('energy_orders_empty')} data-testid="energy-orders-empty" /> }}
        rowProps={(order) => ({ 'data-testid': `energy-order-row-${order.id}` })}
      />
    </ListCard>
  );
}
