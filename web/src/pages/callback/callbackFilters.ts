import type { CallbackFilters } from '@/api/callbacks';
import type { CallbackStatus } from '@/api/orders';
import { statusField, type FilterField } from '@/components/list/filterFields';
import { optionalPeriod, optionalPeriodProblem } from '@/pages/orders/orderFilters';
import { CALLBACK_STATUS, CALLBACK_STATUSES } from '@/pages/orders/statuses';
import type { PickedRange } from '@/utils/timezone';

export interface CallbackFilterValues {
  period?: PickedRange;
  orderNo?: string;
  status?: CallbackStatus | null;
}

/** The callback log's filter: date range (optional, but both ends or none), order number, status. */
export const CALLBACK_FILTER_FIELDS: ReadonlyArray<FilterField<CallbackFilterValues>> = [
  { kind: 'period', name: 'period', testId: 'filter-period', problem: optionalPeriodProblem },
  { kind: 'text', name: 'orderNo', testId: 'filter-order-no', placeholder: 'filter_order_no' },
  statusField(CALLBACK_STATUSES, CALLBACK_STATUS),
];

/** The query of the form's values: the days in the merchant's zone, the order number trimmed. */
export function toCallbackFilters(values: CallbackFilterValues, timeZone: number | null): CallbackFilters | null {
  const period = optionalPeriod(values.period, timeZone);
  if (!period.ok) return null;
  const orderNo = values.orderNo?.trim();
  return {
    ...period.period,
    ...(orderNo ? { orderNo } : {}),
    ...(values.status !== undefined && values.status !== null ? { status: values.status } : {}),
  };
}
