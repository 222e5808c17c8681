import { useEffect, useMemo } from 'react';
import { DatePicker, Form, Input, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ChainNode } from '@/api/types';
import type { PickedRange } from '@/utils/timezone';
import type { TranslationKey } from '@/locales/types';

// A list's filter fields declared as data (in the spirit of ProTable's `valueType`): what kind of
// field, its form name and its test id. FilterBar renders them; the list turns the form's values
// into its query with one function of its own.

type FieldName<V> = Extract<keyof V, string>;
/** The form item's name (antd types names per form; the fields are typed by `FieldName` already). */
const itemName = <V,>(field: FieldBase<V>): string => field.name;

export interface FilterOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

interface FieldBase<V> {
  name: FieldName<V>;
  testId: string;
}

/** Free text (trimmed by the list's query function). */
export interface TextField<V> extends FieldBase<V> {
  kind: 'text';
  placeholder: TranslationKey;
}

/** A choice among fixed options; `clearable` false for a select with an "All" option of its own. */
export interface SelectField<V> extends FieldBase<V> {
  kind: 'select';
  options: (t: TFunction) => FilterOption[];
  placeholder?: TranslationKey;
  clearable?: boolean;
}

/** One of the merchant's chains (home/config), or all when cleared. */
export interface ChainField<V> extends FieldBase<V> {
  kind: 'chain';
}

/**
 * A token: the tokens of the chain chosen in the `chain` field (all chains' when none, labelled
 * with their chain); a token of another chain is cleared when the chain changes.
 */
export interface TokenField<V> extends FieldBase<V> {
  kind: 'token';
  chain: FieldName<V>;
}

/** A status, labelled by its view's key, or all when cleared. */
export interface StatusField<V, S extends string | number = string | number> extends FieldBase<V> {
  kind: 'status';
  statuses: readonly S[];
  views: Readonly<Record<S, { key: TranslationKey }>>;
}

/**
 * A range of days. `problem` says why a picked range is refused (a required period with an end
 * missing, one end of an optional one, too long), or null; Search is refused with that message.
 */
export interface PeriodField<V> extends FieldBase<V> {
  kind: 'period';
  problem: (range: PickedRange) => TranslationKey | null;
}

export type FilterField<V> = TextField<V> | SelectField<V> | ChainField<V> | TokenField<V> | StatusField<V> | PeriodField<V>;

/** A status field of `statuses` (name `status`, test id `filter-status`). */
export const statusField = <V, S extends string | number>(statuses: readonly S[], views: Readonly<Record<S, { key: TranslationKey }>>): StatusField<V> => ({
  kind: 'status',
  name: 'status' as FieldName<V>,
  testId: 'filter-status',
  statuses,
  views: views as StatusField<V>['views'],
});

/** The query of a plain filter: texts trimmed; blank texts and cleared choices left out (all). */
export function compactFilters<V extends object>(values: V): Partial<V> {
  const filters: Partial<V> = {};
  for (const [key, value] of Object.entries(values) as Array<[keyof V, unknown]>) {
    const kept = typeof value === 'string' ? value.trim() : value;
    if (kept !== undefined && kept !== null && kept !== '') filters[key] = kept as V[keyof V];
  }
  return filters;
}

const chainOptions = (chains: readonly ChainNode[]) => chains.map((chain) => ({ value: chain.chainid, label: chain.chainname }));

function TokenSelect<V>({ field, chains }: { field: TokenField<V>; chains: readonly ChainNode[] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const chainId = Form.useWatch(field.chain, form) as number | null | undefined;
  const anyChain = chainId === undefined || chainId === null;
  const options = useMemo(
    () =>
      chains
        .filter((chain) => anyChain || chain.chainid === chainId)
        .flatMap((chain) => chain.tokens.map((token) => ({ value: token.tokenid, label: anyChain ? `${token.symbol} · ${chain.chainname}` : token.symbol }))),
    [chains, chainId, anyChain],
  );
  // A token of another chain no longer fits the chosen chain.
  useEffect(() => {
    const tokenId = form.getFieldValue(field.name);
    if (tokenId !== undefined && tokenId !== null && !options.some((option) => option.value === tokenId)) {
      form.setFieldValue(field.name, undefined);
    }
  }, [form, field.name, options]);
  return (
    <Form.Item name={itemName(field)}>
      <Select allowClear placeholder={t('filter_all_tokens')} options={options} data-testid={field.testId} />
    </Form.Item>
  );
}

/** The control of one field, inside FilterBar's form. */
export function FilterFieldItem<V>({ field, chains }: { field: FilterField<V>; chains: readonly ChainNode[] }) {
  const { t } = useTranslation();
  const select = (options: FilterOption[], placeholder: TranslationKey | undefined, clearable = true) => (
    <Form.Item name={itemName(field)}>
      <Select
        allowClear={clearable}
        placeholder={placeholder ? t(placeholder) : undefined}
        options={options}
        data-testid={field.testId}
      />
    </Form.Item>
  );
  switch (field.kind) {
    case 'text':
      return (
        <Form.Item name={itemName(field)}>
          <Input allowClear placeholder={t(field.placeholder)} data-testid={field.testId} />
        </Form.Item>
      );
    case 'select':
      return select(field.options(t), field.placeholder, field.clearable);
    case 'chain':
      return select(chainOptions(chains), 'token_all_chains');
    case 'status':
      return select(
        field.statuses.map((status) => ({ value: status, label: t(field.views[status].key) })),
        'filter_all_statuses',
      );
    case 'token':
      return <TokenSelect field={field} chains={chains} />;
    case 'period':
      return (
        <Form.Item
          name={itemName(field)}
          rules={[
            {
              validator: (_, value: PickedRange) => {
                const problem = field.problem(value);
                return problem === null ? Promise.resolve() : Promise.reject(new Error(t(problem)));
              },
            },
          ]}
        >
          <DatePicker.RangePicker allowEmpty={[true, true]} data-testid={field.testId} />
        </Form.Item>
      );
  }
}
