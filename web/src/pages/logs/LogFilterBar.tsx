import { Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { LogResult } from '@/api/types';
import FilterBar, { PeriodFilter } from '@/components/list/FilterBar';
import { rangeToPeriod } from '@/utils/timezone';

export interface LogFilters {
  email?: string;
  result?: LogResult;
  action?: string;
  start?: string;
  end?: string;
}

interface LogFilterBarProps {
  /** Login logs filter by result, operation logs by action. */
  kind: 'login' | 'operation';
  /** The merchant's zone: the picked days are sent as that zone's day boundaries. */
  timeZone: number | null;
  onSearch: (filters: LogFilters) => void;
}

interface FilterValues {
  email?: string;
  result?: LogResult | 'all';
  action?: string;
  period?: [Dayjs | null, Dayjs | null] | null;
}

/** E-mail, result or action, and a date range where a start and an end must both be chosen. */
export default function LogFilterBar({ kind, timeZone, onSearch }: LogFilterBarProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();

  const search = (values: FilterValues) => {
    const period = rangeToPeriod(values.period, timeZone);
    if (!period.ok) return; // the field's rule already says why
    onSearch({
      email: values.email?.trim() || undefined,
      result: kind === 'login' && values.result && values.result !== 'all' ? values.result : undefined,
      action: kind === 'operation' ? values.action?.trim() || undefined : undefined,
      ...period.period,
    });
  };

  return (
    <FilterBar form={form} testId="log-filters" onSearch={search} onReset={() => onSearch({})} initialValues={{ result: 'all' }}>
      <Form.Item name="email">
        <Input allowClear placeholder={t('filter_email')} data-testid="filter-email" />
      </Form.Item>
      {kind === 'login' ? (
        <Form.Item name="result">
          <Select
            className="coffer-filter-select"
            data-testid="filter-result"
            options={[
              { value: 'all', label: t('result_all') },
              { value: 'success', label: t('result_success') },
              { value: 'failure', label: t('result_failure') },
            ]}
          />
        </Form.Item>
      ) : (
        <Form.Item name="action">
          <Input allowClear placeholder={t('filter_action')} data-testid="filter-action" />
        </Form.Item>
      )}
      <PeriodFilter problem={(range) => (rangeToPeriod(range, timeZone).ok ? null : t('dates_start_end_required'))} />
    </FilterBar>
  );
}
