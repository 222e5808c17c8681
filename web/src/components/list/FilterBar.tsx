import { useState } from 'react';
import { Badge, Button, Form, Space, type FormProps } from 'antd';
import { DownOutlined, FilterOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChainNode } from '@/api/types';
import { FilterFieldItem, compactFilters, type FilterField } from './filterFields';
import { ACTIONS_WIDTH, useFieldsPerLine } from './useFieldsPerLine';

interface FilterBarProps<V, F> {
  /** The list's fields, in order: the first ones are those shown folded. */
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
 * The filter line above a list, as Ant Design Pro's QueryFilter: folded, the first fields that
 * fit on one line, then Search, Reset and More (with how many folded fields hold a value); More
 * shows every field, Less folds them again. Folded fields stay mounted, so what they hold is
 * still searched. On a phone (below 576 px, by CSS) the whole form folds behind a Filters button
 * so the first screen shows rows, and opened it shows every field.
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
  const [expanded, setExpanded] = useState(false);
  const { ref, perLine } = useFieldsPerLine<HTMLDivElement>();
  // One cell of the line is the buttons'; on a phone every field shows once the form is open.
  const foldedShown = perLine === 1 ? fields.length : perLine - 1;
  const foldable = fields.length > foldedShown;
  const shown = expanded || !foldable ? fields.length : foldedShown;
  const values = Form.useWatch([], form) as V | undefined;
  const folded = fields.slice(foldedShown);
  const heldFolded = values ? folded.filter((field) => field.name in compactFilters(values)).length : 0;
  const search = (values: V) => {
    const filters = toFilters(values);
    if (filters !== null) onSearch(filters);
  };
  const formProps: FormProps<V> = searchOnChange ? { onValuesChange: () => form.submit() } : {};
  return (
    <div ref={ref} className={open ? 'coffer-filter-fold coffer-filter-open' : 'coffer-filter-fold'}>
      <Button
        className="coffer-filter-toggle"
        icon={<FilterOutlined />}
        aria-expanded={open}
        onClick={() => setOpen((isOpen) => !isOpen)}
        data-testid="filter-toggle"
      >
        {t('list_filters')}
      </Button>
      <Form<V>
        form={form}
        layout="inline"
        className="coffer-filter-bar"
        style={{ gridTemplateColumns: perLine > 1 ? `repeat(${perLine - 1}, minmax(0, 1fr)) minmax(${ACTIONS_WIDTH}px, 1fr)` : '1fr' }}
        initialValues={initialValues}
        onFinish={search}
        data-testid={testId}
        data-per-line={perLine}
        {...formProps}
      >
        {fields.map((field, index) => (
          <div key={field.name} className="coffer-filter-cell" hidden={index >= shown} data-testid={`${field.testId}-cell`}>
            <FilterFieldItem<V> field={field} chains={chains} />
          </div>
        ))}
        <div className="coffer-filter-actions">
          <Space size={8}>
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
            {foldable && (
              <Button
                type="link"
                className="coffer-filter-more"
                aria-expanded={expanded}
                onClick={() => setExpanded((isExpanded) => !isExpanded)}
                data-testid="filter-more"
              >
                {expanded ? t('list_filters_less') : t('list_filters_more')}
                {!expanded && heldFolded > 0 && <Badge count={heldFolded} size="small" className="coffer-filter-held" data-testid="filter-more-held" />}
                {expanded ? <UpOutlined /> : <DownOutlined />}
              </Button>
            )}
          </Space>
        </div>
      </Form>
    </div>
  );
}
