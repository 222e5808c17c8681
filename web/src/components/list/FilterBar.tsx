import { useState } from 'react';
import { Button, Form, Space, type FormProps } from 'antd';
import { FilterOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChainNode } from '@/api/types';
import { FilterFieldItem, type FilterField } from './filterFields';

interface FilterBarProps<V, F> {
  /** The list's fields, in order. */
  fields: ReadonlyArray<FilterField<V>>;
  testId: string;
  /** What the form starts with and Reset returns to. */
  initialValues?: Partial<V>;
  /** The form's values as the list's query; null when refused (a field's rule says why). */
  toFilters: (values: V) => F | null;
  /** Search (or Enter), and Reset after the fields went back to their initial values. */
  onSearch: (filters: F) => void;
  /** The options of chain and token fields. */
  chains?: readonly ChainNode[];
  /** Search as soon as a field changes (a list with a single select). */
  searchOnChange?: boolean;
}

const noChains: readonly ChainNode[] = [];

/**
 * The filter row above a list: its declared fields, then Search and Reset. On a phone (below
 * 576 px, by CSS) the fields fold behind a Filters button so the first screen shows rows; the
 * form stays mounted, so folding keeps what was typed.
 */
export default function FilterBar<V extends object, F>({
  fields,
  testId,
  initialValues,
  toFilters,
  onSearch,
  chains = noChains,
  searchOnChange = false,
}: FilterBarProps<V, F>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const [open, setOpen] = useState(false);
  const search = (values: V) => {
    const filters = toFilters(values);
    if (filters !== null) onSearch(filters);
  };
  const formProps: FormProps<V> = searchOnChange ? { onValuesChange: () => form.submit() } : {};
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
      <Form<V>
        form={form}
        layout="inline"
        className="coffer-filter-bar"
        initialValues={initialValues}
        onFinish={search}
        data-testid={testId}
        {...formProps}
      >
        {fields.map((field) => (
          <FilterFieldItem<V> key={field.name} field={field} chains={chains} />
        ))}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="filter-search">
              {t('search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                search(form.getFieldsValue(true));
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
