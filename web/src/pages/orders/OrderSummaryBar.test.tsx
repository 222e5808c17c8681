import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/locales';
import { orderSummary } from '@/test/answers';
import OrderSummaryBar, { type SummaryPart } from './OrderSummaryBar';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

// One line per list kind, each with its own count: the transaction list shows deposits and
// withdrawals side by side, so their counts must read alike.
const PARTS: SummaryPart[] = [
  { summary: orderSummary({ count: 2 }), countKey: 'summary_deposits' },
  { summary: orderSummary({ count: 3 }), countKey: 'summary_withdrawals' },
  { summary: orderSummary({ count: 4 }), countKey: 'summary_exchanges' },
  { summary: orderSummary({ count: 5 }), countKey: 'summary_transactions' },
];

const counts = () => screen.getAllByTestId('summary-count').map((count) => count.textContent);

describe('OrderSummaryBar', () => {
  it('counts every kind of order the same way in each language: "<kind> count: N"', async () => {
    render(<OrderSummaryBar parts={PARTS} loading={false} />);
    expect(counts()).toEqual(['Deposits: 2', 'Withdrawals: 3', 'Exchanges: 4', 'Transactions: 5']);
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(counts()).toEqual(['充值笔数：2', '提现笔数：3', '兑换笔数：4', '交易笔数：5']);
    await act(() => i18n.changeLanguage('zh-HK'));
    expect(counts()).toEqual(['充值筆數：2', '提現筆數：3', '兌換筆數：4', '交易筆數：5']);
  });
});
