import { useState, type ReactNode } from 'react';
import { Button, DatePicker, Form, Select, Space, type FormInstance, type FormProps } from 'antd';
import { FilterOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChainNode } from '@/api/types';
import type { PickedRange } from '@/utils/timezone';
import type { TranslationKey } from '@/locales/types';

interface FilterBarProps<V> extends Omit<FormProps<V>, 'form' | 'layout' | 'className' | 'onFinish' | 'onReset'> {
  form: FormInstance<V>;
  testId: string;
  /** Search (or Enter): the form's values. */
  onSearch: (values: V) => void;
  /** Reset, after the fields went back to their initial values. */
  onReset: () => void;
  children: ReactNode;
}

/**
 * The filter row above a list: the fields, then Search and Reset. On a phone (below 576 px, by
 * CSS) the fields fold behind a Filters button so the first screen shows rows; the form stays
 * mounted, so folding keeps what was typed.
 */
export default function FilterBar<V>({ form, testId, onSearch, onReset, children, ...formProps }: FilterBarProps<V>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className={open ? 'coffer-filter-fold coffer-filter-open' : 'coffer-filter-fold'}>
      <Button
        className="coffer-filter-toggle"
        icon={<FilterOutlined />}
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
        data-testid="filter-toggle"
      >
        {t('list_filters')}
      </Button>
      <Form form={form} layout="inline" className="coffer-filter-bar" onFinish={onSearch} data-testid={testId} {...formProps}>
        {children}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="filter-search">
              {t('search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                onReset();
              }}
              data-testid="filter-reset"
            >
              {t('reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </div>
  );
}

/** The chain filter (`chainId`): every chain of home/config, or all when cleared. */
export function ChainFilter({ chains }: { chains: readonly ChainNode[] }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="chainId">
      <Select
        allowClear
        className="coffer-filter-select"
        placeholder={t('token_all_chains')}
        options={chains.map((chain) => ({ value: chain.chainid, label: chain.chainname }))}
        data-testid="filter-chain"
      />
    </Form.Item>
  );
}

/** The date range filter (`period`); `problem` names what is wrong with a range (a message), or null. */
export function PeriodFilter({ problem }: { problem: (range: PickedRange) => string | null }) {
  return (
    <Form.Item
      name="period"
      rules={[
        {
          validator: (_, value: PickedRange) => {
            const message = problem(value);
            return message === null ? Promise.resolve() : Promise.reject(new Error(message));
          },
        },
      ]}
    >
      <DatePicker.RangePicker allowEmpty={[true, true]} data-testid="filter-period" />
    </Form.Item>
  );
}

/** The status filter (`status`): `statuses` labelled by their views' keys, or all when cleared. */
export function StatusFilter<S extends number>({ statuses, views }: { statuses: readonly S[]; views: Record<S, { key: TranslationKey }> }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="status">
      <Select
        allowClear
        className="coffer-filter-select"
        placeholder={t('filter_all_statuses')}
        options={statuses.map((status) => ({ value: status, label: t(views[status].key) }))}
        data-testid="filter-status"
      />
    </Form.Item>
  );
}
