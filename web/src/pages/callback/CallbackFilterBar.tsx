import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CallbackFilters } from '@/api/callbacks';
import type { CallbackStatus } from '@/api/orders';
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
    <Form form={form} layout="inline" className="coffer-filter-bar" onFinish={search} data-testid="callback-filters">
      <Form.Item
        name="period"
        rules={[
          {
            validator: (_, value: PickedRange) => {
              const period = optionalPeriod(value, timeZone);
              return period.ok ? Promise.resolve() : Promise.reject(new Error(t(periodMessageKey(period.reason))));
            },
          },
        ]}
      >
        <DatePicker.RangePicker allowEmpty={[true, true]} data-testid="filter-period" />
      </Form.Item>
      <Form.Item name="orderNo">
        <Input allowClear placeholder={t('filter_order_no')} data-testid="filter-order-no" />
      </Form.Item>
      <Form.Item name="status">
        <Select
          allowClear
          className="coffer-filter-select"
          placeholder={t('filter_all_statuses')}
          options={CALLBACK_STATUSES.map((status) => ({ value: status, label: t(CALLBACK_STATUS[status].key) }))}
          data-testid="filter-status"
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="filter-search">
            {t('search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
            data-testid="filter-reset"
          >
            {t('reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
