import type { LogResult } from '@/api/types';
import type { FilterField } from '@/components/list/filterFields';
import { rangeToPeriod, type PickedRange } from '@/utils/timezone';

export interface LogFilters {
  email?: string;
  result?: LogResult;
  action?: string;
  start?: string;
  end?: string;
}

export interface LogFilterValues {
  email?: string;
  result?: LogResult | 'all';
  action?: string;
  period?: PickedRange;
}

/** Login logs filter by result, operation logs by action. */
export type LogKind = 'login' | 'operation';

/** Both ends or none. */
const periodProblem = (range: PickedRange) => (rangeToPeriod(range, null).ok ? null : 'dates_start_end_required');

const emailField: FilterField<LogFilterValues> = { kind: 'text', name: 'email', testId: 'filter-email', placeholder: 'filter_email' };
const periodField: FilterField<LogFilterValues> = { kind: 'period', name: 'period', testId: 'filter-period', problem: periodProblem };

/** E-mail, result or action, and a date range where a start and an end must both be chosen. */
export const LOG_FILTER_FIELDS: Readonly<Record<LogKind, ReadonlyArray<FilterField<LogFilterValues>>>> = {
  login: [
    emailField,
    {
      kind: 'select',
      name: 'result',
      testId: 'filter-result',
      clearable: false,
      options: (t) => [
        { value: 'all', label: t('result_all') },
        { value: 'success', label: t('result_success') },
        { value: 'failure', label: t('result_failure') },
      ],
    },
    periodField,
  ],
  operation: [emailField, { kind: 'text', name: 'action', testId: 'filter-action', placeholder: 'filter_action' }, periodField],
};

/** What the form starts with and Reset returns to: every result. */
export const LOG_FILTER_INITIAL: LogFilterValues = { result: 'all' };

/** The query of the form's values: the texts trimmed, the days in the merchant's zone. */
export function toLogFilters(kind: LogKind, values: LogFilterValues, timeZone: number | null): LogFilters | null {
  const period = rangeToPeriod(values.period, timeZone);
  if (!period.ok) return null;
  return {
    email: values.email?.trim() || undefined,
    result: kind === 'login' && values.result && values.result !== 'all' ? values.result : undefined,
    action: kind === 'operation' ? values.action?.trim() || undefined : undefined,
    ...period.period,
  };
}
