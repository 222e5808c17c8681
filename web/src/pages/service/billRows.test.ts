import { describe, expect, it } from 'vitest';
import i18n from '@/locales';
import { BillStatus, PaymentStatus, type BillingAddress, type BillLine } from '@/api/bills';
import { RateService } from '@/api/rates';
import { statusView } from '@/pages/orders/statuses';
import { txHashProblem } from '@/pages/deposits/hashScanRules';
import { BILL_STATUS, BILL_STATUSES, canMarkPaid, explorerHref, initialPayChain, lineCountText, lineRows, paidBody, PAYMENT_STATUS, payChainOptions } from './billRows';

const t = i18n.getFixedT('en');
const HASH = `0x${'ab'.repeat(32)}`;

const line = (over: Partial<BillLine>): BillLine => ({ service: RateService.CollectionFee, rateId: 3, rate: '0.5%', count: 12, volume: '1520.25 USDT', amount: '7.601', ...over });
const address = (chainId: number, chainName: string): BillingAddress => ({ chainId, chainName, address: '0xabc', token: 'USDT', confirmations: 3 });

describe('the states of a bill', () => {
  it("tags them with the spec's words: to be paid gold, confirming blue, has paid green", () => {
    expect(BILL_STATUSES).toEqual([1, 2, 3]);
    expect(BILL_STATUSES.map((status) => t(BILL_STATUS[status].key))).toEqual(['To be paid', 'Confirming', 'Has paid']);
    expect(BILL_STATUSES.map((status) => BILL_STATUS[status].color)).toEqual(['gold', 'processing', 'green']);
    expect(BILL_STATUSES.map((status) => i18n.getFixedT('zh-CN')(BILL_STATUS[status].key))).toEqual(['待支付', '确认中', '已支付']);
    expect(BILL_STATUSES.map((status) => i18n.getFixedT('zh-HK')(BILL_STATUS[status].key))).toEqual(['待支付', '確認中', '已支付']);
    expect(statusView(BILL_STATUS, 9)).toBeNull();
  });

  it('names the states of a payment, one not accepted in red', () => {
    expect([1, 2, 3].map((status) => t(PAYMENT_STATUS[status as PaymentStatus].key))).toEqual(['Confirming', 'Accepted', 'Not accepted']);
    expect(PAYMENT_STATUS[PaymentStatus.NotAccepted].color).toBe('red');
  });

  it('offers I have paid on a bill to be paid only', () => {
    expect(canMarkPaid({ status: BillStatus.ToBePaid })).toBe(true);
    expect(canMarkPaid({ status: BillStatus.Confirming })).toBe(false);
    expect(canMarkPaid({ status: BillStatus.HasPaid })).toBe(false);
  });
});

describe('the lines of a bill', () => {
  it('counts charges, and days in force for the monthly fee', () => {
    expect(lineCountText(t, line({ count: 12 }))).toBe('12');
    expect(lineCountText(t, line({ service: RateService.Monthly, count: 30, volume: null }))).toBe('30 days in force');
    expect(lineCountText(i18n.getFixedT('zh-CN'), line({ service: RateService.Monthly, count: 30 }))).toBe('生效 30 天');
  });

  it('keys each line by its place, so two lines of one rate row stay apart', () => {
    const rows = lineRows({ lines: [line({ volume: '10 USDT' }), line({ volume: '5 USDC' })] });
    expect(rows.map((row) => [row.key, row.volume])).toEqual([
      [0, '10 USDT'],
      [1, '5 USDC'],
    ]);
  });
});

describe('paying a bill', () => {
  it('links to the explorer only with a web address', () => {
    expect(explorerHref(`https://scan.example/tx/${HASH}`)).toBe(`https://scan.example/tx/${HASH}`);
    expect(explorerHref('http://localhost:8545/tx/1')).toBe('http://localhost:8545/tx/1');
    expect(explorerHref('javascript:alert(1)')).toBeNull();
    expect(explorerHref('')).toBeNull();
    expect(explorerHref(null)).toBeNull();
  });

  it('offers the chains of the billing addresses, starting with the only one', () => {
    const devchain = address(1337, 'Devchain');
    expect(payChainOptions([devchain, address(728126428, 'TRON')])).toEqual([
      { value: 1337, label: 'Devchain · USDT' },
      { value: 728126428, label: 'TRON · USDT' },
    ]);
    expect(initialPayChain([devchain])).toBe(1337);
    expect(initialPayChain([devchain, address(728126428, 'TRON')])).toBeUndefined();
    expect(initialPayChain([])).toBeUndefined();
  });

  it('sends the bill, the chain and the hash trimmed; a hash that is not 64 hex is refused first', () => {
    expect(paidBody(7, { chainId: 1337, hash: `  ${HASH}\n` })).toEqual({ billId: 7, chainId: 1337, hash: HASH });
    expect(txHashProblem(HASH)).toBeNull();
    expect(txHashProblem('ab'.repeat(32))).toBeNull();
    expect(txHashProblem('0x1234')).toBe('hash_scan_hash_invalid');
    expect(txHashProblem('   ')).toBe('hash_scan_hash_required');
  });
});
