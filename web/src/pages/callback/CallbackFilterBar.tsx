import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CallbackFilters } from '@/api/callbacks';
import type { CallbackStatus } from '@/api/orders';
import FilterBar, { PeriodFilter, StatusFilter } from '@/components/list/FilterBar';
import { optionalPeriod, periodMessageKey } from '@/pages/orders/orderFilters';
import { CALLBACK_STATUS, CALLBACK_STATUSES } from '@/pages/orders/statuses';
import type { PickedRange } from '@/utils/timezone';

interface FilterValues {
  period?: PickedRange;
  orderNo?: string;
  status?: CallbackStatus | null;
}

/** Date range (optional, but both ends or none), order number and status of the callback log. */
export default function CallbackFilterBar({ timeZone, onSearch }: { timeZone: number | null; onSearch: (filters: CallbackFilters) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();

  const search = (values: FilterValues) => {
    const period = optionalPeriod(values.period, timeZone);
    if (!period.ok) return; // the field's rule already says why
    const orderNo = values.orderNo?.trim();
    onSearch({
      ...period.period,
      ...(orderNo ? { orderNo } : {}),
      ...(values.status !== undefined && values.status !== null ? { status: values.status } : {}),
    });
  };

  return (
    <FilterBar form={form} testId="callback-filters" onSearch={search} onReset={() => onSearch({})}>
      <PeriodFilter
        problem={(range) => {
          const period = optionalPeriod(range, timeZone);
          return period.ok ? null : t(periodMessageKey(period.reason));
        }}
      />
      <Form.Item name="orderNo">
        <Input allowClear placeholder={t('filter_order_no')} data-testid="filter-order-no" />
      </Form.Item>
      <StatusFilter statuses={CALLBACK_STATUSES} views={CALLBACK_STATUS} />
    </FilterBar>
  );
}
