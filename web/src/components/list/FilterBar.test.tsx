import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import type { ChainNode } from '@/api/types';
import { TestRouter, settle } from '@/test/router';
import { openSelect, optionTitles, pickOption } from '@/test/select';
import type { PickedRange } from '@/utils/timezone';
import FilterBar from './FilterBar';
import { compactFilters, statusField, type FilterField } from './filterFields';
import { fieldsPerLine } from './useFieldsPerLine';


interface Values {
  period?: PickedRange;
  chainId?: number | null;
  tokenId?: number | null;
  status?: number | null;
  kind?: string | null;
  address?: string;
}

const CHAINS: ChainNode[] = [
  { chainid: 1, chainname: 'Devchain', symbol: 'DEV', txurl: '', family: 'dev', tokens: [{ tokenid: 11, symbol: 'USDT' } as ChainNode['tokens'][number]] },
  { chainid: 2, chainname: 'TRON', symbol: 'TRX', txurl: '', family: 'tron', tokens: [{ tokenid: 21, symbol: 'USDC' } as ChainNode['tokens'][number]] },
];

const FIELDS: ReadonlyArray<FilterField<Values>> = [
  // Required: both ends, or refused with the message of 'dates_required'.
  { kind: 'period', name: 'period', testId: 'filter-period', problem: (range) => (range?.[0] && range?.[1] ? null : 'dates_required') },
  { kind: 'chain', name: 'chainId', testId: 'filter-chain' },
  { kind: 'token', name: 'tokenId', chain: 'chainId', testId: 'filter-token' },
  statusField([1, 3], { 1: { key: 'order_status_1' }, 3: { key: 'order_status_3' } }),
  {
    kind: 'select',
    name: 'kind',
    testId: 'filter-kind',
    placeholder: 'filter_all_types',
    options: (t) => [{ value: 'in', label: t('result_success') }],
  },
  { kind: 'text', name: 'address', testId: 'filter-address', placeholder: 'filter_any_address' },
];

const WEEK: PickedRange = [dayjs('2026-11-16'), dayjs('2026-11-22')];
// The query is the values themselves with the period's days as text: what the bar searched with.
const toFilters = (values: Values) => {
  const { period, ...rest } = compactFilters(values);
  return { ...rest, days: period ? period.map((day) => day?.format('YYYY-MM-DD')) : null };
};

function renderBar(initialValues: Partial<Values>, onSearch = vi.fn()) {
  render(
    <TestRouter>
      <FilterBar<Values, ReturnType<typeof toFilters>> fields={FIELDS} testId="filters" chains={CHAINS} initialValues={initialValues} toFilters={toFilters} onSearch={onSearch} />
    </TestRouter>,
  );
  return onSearch;
}

const search = () => fireEvent.click(screen.getByTestId('filter-search'));

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('FilterBar (fields declared as data)', () => {
  it('renders every kind of field with its test id and options', async () => {
    renderBar({ period: WEEK });
    for (const testId of ['filter-period', 'filter-chain', 'filter-token', 'filter-status', 'filter-kind', 'filter-address']) {
      expect(screen.getAllByTestId(testId).length).toBeGreaterThan(0);
    }
    expect((screen.getByTestId('filter-address') as HTMLInputElement).placeholder).toBe(i18n.t('filter_any_address'));
    await openSelect('filter-chain');
    expect(optionTitles()).toEqual(['Devchain', 'TRON']);
    await openSelect('filter-status');
    expect(optionTitles()).toEqual([i18n.t('order_status_1'), i18n.t('order_status_3')]);
    await openSelect('filter-kind');
    expect(optionTitles()).toEqual([i18n.t('result_success')]);
  });

  it('searches with the query of what was chosen and typed', async () => {
    const onSearch = renderBar({ period: WEEK });
    await pickOption('filter-status', i18n.t('order_status_3'));
    fireEvent.change(screen.getByTestId('filter-address'), { target: { value: '  0xabc  ' } });
    search();
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ status: 3, address: '0xabc', days: ['2026-11-16', '2026-11-22'] }));
  });

  it('offers the tokens of the chosen chain only and clears a token of another chain', async () => {
    const onSearch = renderBar({ period: WEEK, tokenId: 11 });
    await openSelect('filter-token');
    expect(optionTitles()).toEqual(['USDT · Devchain', 'USDC · TRON']);
    await pickOption('filter-chain', 'TRON');
    await openSelect('filter-token');
    expect(optionTitles()).toEqual(['USDC']);
    search();
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ chainId: 2, days: ['2026-11-16', '2026-11-22'] }));
  });

  it('refuses a required period with one end missing, with its message, and does not search', async () => {
    const onSearch = renderBar({ period: [dayjs('2026-11-16'), null] });
    search();
    expect(await screen.findByText(i18n.t('dates_required'))).toBeTruthy();
    await settle(100);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('Reset restores the initial values and searches with them', async () => {
    const onSearch = renderBar({ period: WEEK, status: 1 });
    await pickOption('filter-status', i18n.t('order_status_3'));
    fireEvent.change(screen.getByTestId('filter-address'), { target: { value: 'T9yD' } });
    fireEvent.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ status: 1, days: ['2026-11-16', '2026-11-22'] }));
    expect((screen.getByTestId('filter-address') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('filter-status').textContent).toContain(i18n.t('order_status_1'));
  });

  it('folds behind a Filters button (shown by CSS on phones) and keeps what was typed', async () => {
    const onSearch = renderBar({ period: WEEK });
    const toggle = screen.getByTestId('filter-toggle');
    const fold = toggle.parentElement!;
    expect(toggle.textContent).toBe('Filters');
    expect(fold.className).not.toContain('coffer-filter-open');
    fireEvent.change(screen.getByTestId('filter-address'), { target: { value: 'abc' } });
    fireEvent.click(toggle);
    expect(fold.className).toContain('coffer-filter-open');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    search();
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ address: 'abc', days: ['2026-11-16', '2026-11-22'] }));
  });
});

describe('FilterBar folded to one line', () => {
  // Unmeasured (jsdom has no layout) a line holds 4 cells: 3 fields, then the buttons.
  const cell = (testId: string) => screen.getByTestId(`${testId}-cell`);

  it('shows the first fields, folds the others behind More, and Less folds them again', () => {
    renderBar({ period: WEEK });
    for (const testId of ['filter-period', 'filter-chain', 'filter-token']) expect(cell(testId).hidden).toBe(false);
    for (const testId of ['filter-status', 'filter-kind', 'filter-address']) expect(cell(testId).hidden).toBe(true);
    const more = screen.getByTestId('filter-more');
    expect(more.textContent).toBe('More');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    for (const testId of ['filter-status', 'filter-kind', 'filter-address']) expect(cell(testId).hidden).toBe(false);
    expect(more.textContent).toBe('Less');
    fireEvent.click(more);
    expect(cell('filter-address').hidden).toBe(true);
  });

  it('says how many folded fields hold a value, and still searches with them', async () => {
    const onSearch = renderBar({ period: WEEK, status: 3 });
    fireEvent.click(screen.getByTestId('filter-more'));
    fireEvent.change(screen.getByTestId('filter-address'), { target: { value: 'T9yD' } });
    fireEvent.click(screen.getByTestId('filter-more'));
    expect(cell('filter-address').hidden).toBe(true);
    await waitFor(() => expect(screen.getByTestId('filter-more-held').textContent).toBe('2'));
    search();
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ status: 3, address: 'T9yD', days: ['2026-11-16', '2026-11-22'] }));
  });

  it('has no More when every field fits on the line', () => {
    render(
      <TestRouter>
        <FilterBar<Values, Values> fields={FIELDS.slice(0, 3)} testId="filters" chains={CHAINS} toFilters={(values) => values} onSearch={vi.fn()} />
      </TestRouter>,
    );
    expect(screen.queryByTestId('filter-more')).toBeNull();
    expect(cell('filter-token').hidden).toBe(false);
  });
});

describe('fieldsPerLine', () => {
  it('fits the buttons’ 280 px and fields of 230 px with 12 px gaps beside them, at least one', () => {
    expect(fieldsPerLine(300)).toBe(1);
    expect(fieldsPerLine(938)).toBe(3);
    expect(fieldsPerLine(1160)).toBe(4);
    expect(fieldsPerLine(1010)).toBe(4);
    expect(fieldsPerLine(760)).toBe(2);
    expect(fieldsPerLine(0)).toBe(4); // not measured yet
  });
});

describe('compactFilters', () => {
  it('trims texts and leaves out blank texts and cleared choices', () => {
    expect(compactFilters({ email: '  a@b.c ', address: '   ', chainId: null, tokenId: undefined, status: 0 })).toEqual({ email: 'a@b.c', status: 0 });
  });
});
