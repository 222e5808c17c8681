import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosInstance } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import { toast } from '@/utils/feedback';
import { httpClient } from '@/utils/request';
import { settle } from '@/test/router';
import { pickOption } from '@/test/select';
import { renderSignedIn, signOutAndRestore } from '@/test/session';
import * as billsModule from '@/api/bills';
import * as ratesModule from '@/api/rates';
import type { Bill, BillingAddress } from '@/api/bills';
import ServiceListPage from './ServiceListPage';

// Service list › Bills against docs/api.md "Bills", with the server mocked.

vi.mock('@/api/bills', async (original) => ({
  ...(await original<typeof billsModule>()),
  pageBills: vi.fn(),
  billingAddresses: vi.fn(),
  markBillPaid: vi.fn(),
}));
const api = vi.mocked(billsModule);
vi.mock('@/api/rates', async (original) => ({ ...(await original<typeof ratesModule>()), listRates: vi.fn(() => Promise.resolve([])) }));
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

const WAIT = { timeout: 8000 };
const SERVICE = 10;
const BILL_PAY = 1001;
const HASH = `0x${'c4'.repeat(32)}`;
const EXPLORER = `https://scan.example/tx/0x${'d5'.repeat(32)}`;
const REASON = 'underpaid by 2.5 points: 10 received, 12.5 due';

const DEVCHAIN: BillingAddress = { chainId: 1337, chainName: 'Devchain', address: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0', token: 'USDT', confirmations: 3 };
const TRON: BillingAddress = { chainId: 728126428, chainName: 'TRON', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', token: 'USDT', confirmations: 19 };

const TO_PAY: Bill = {
  id: 7,
  period: '2026-10',
  periodStart: '2026-09-30T16:00:00Z',
  periodEnd: '2026-10-31T16:00:00Z',
  timeZone: 'Asia/Shanghai',
  amount: '12.5',
  paid: '0',
  due: '12.5',
  status: 1,
  reason: REASON,
  payment: { chainId: 1337, chainName: 'Devchain', hash: `0x${'e6'.repeat(32)}`, status: 3, amount: '10', reason: REASON, submittedAt: '2026-11-02T01:00:00Z', explorerUrl: null },
  lines: [
    { service: 1, rateId: 3, rate: '0.5% (min 1, max 10)', count: 12, volume: '1520.25 USDT', amount: '7.601' },
    { service: 4, rateId: 4, rate: '5 per month', count: 30, volume: null, amount: '4.899' },
  ],
  issuedAt: '2026-11-01T00:00:00Z',
  paidAt: null,
};
const CONFIRMING: Bill = {
  ...TO_PAY,
  id: 6,
  period: '2026-09',
  status: 2,
  reason: null,
  payment: { chainId: 1337, chainName: 'Devchain', hash: `0x${'d5'.repeat(32)}`, status: 1, amount: null, reason: null, submittedAt: '2026-10-03T01:00:00Z', explorerUrl: EXPLORER },
};
const PAID: Bill = { ...TO_PAY, id: 5, period: '2026-08', amount: '3.123456', paid: '3.123456', due: '0', status: 3, reason: null, payment: null, paidAt: '2026-09-05T02:00:00Z' };

async function openBills(menuIds: number[]) {
  renderSignedIn(menuIds, <ServiceListPage />);
  fireEvent.click(await screen.findByTestId('service-tab-bills', undefined, WAIT));
  return screen.findByTestId('bill-row-7', undefined, WAIT);
}

async function openPayDialog() {
  const row = await openBills([SERVICE, BILL_PAY]);
  fireEvent.click(within(row).getByTestId('bill-pay'));
  return screen.findByTestId('bill-pay-submit', undefined, WAIT);
}

const row = (id: number) => within(screen.getByTestId(`bill-row-${id}`));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.pageBills.mockReset().mockResolvedValue({ list: [TO_PAY, CONFIRMING, PAID], total: 3 });
  api.billingAddresses.mockReset().mockResolvedValue([DEVCHAIN, TRON]);
  api.markBillPaid.mockReset();
});
afterEach(signOutAndRestore);

describe('Service list › Bills', () => {
  it('shows where to pay: each chain with its address to copy, the token and the confirmations', async () => {
    await openBills([SERVICE]);
    const devchain = within(screen.getByTestId('billing-row-1337'));
    expect(devchain.getByTestId('billing-chain').textContent).toBe('Devchain');
    expect(devchain.getByTestId('billing-address').textContent).toBe(DEVCHAIN.address);
    expect(devchain.getByTestId('billing-address').querySelector('.ant-typography-copy')).not.toBeNull();
    expect(devchain.getByTestId('billing-token').textContent).toBe('USDT');
    expect(devchain.getByTestId('billing-confirmations').textContent).toBe('Accepted after 3 confirmations');
    expect(within(screen.getByTestId('billing-row-728126428')).getByTestId('billing-address').textContent).toBe(TRON.address);
    expect(screen.queryByTestId('billing-not-set-up')).toBeNull();
  });

  it('says bills cannot be paid on chain yet when billing is not set up, and I have paid is disabled', async () => {
    api.billingAddresses.mockResolvedValue([]);
    await openBills([SERVICE, BILL_PAY]);
    expect((await screen.findByTestId('billing-not-set-up', undefined, WAIT)).textContent).toContain('Bills cannot be paid on chain yet');
    await waitFor(() => expect((row(7).getByTestId('bill-pay') as HTMLButtonElement).disabled).toBe(true), WAIT);
  });

  it("lists each bill with its amounts, its status in the spec's words and why a payment was not accepted", async () => {
    await openBills([SERVICE]);
    expect(api.pageBills).toHaveBeenCalledWith({ page: 1, pageSize: 20 });
    expect(row(7).getByTestId('bill-period').textContent).toBe('2026-10');
    expect(row(7).getByTestId('bill-zone').textContent).toBe('Asia/Shanghai');
    expect(row(7).getByTestId('bill-amount').textContent).toBe('12.5000');
    expect(row(7).getByTestId('bill-paid').textContent).toBe('0.0000');
    expect(row(7).getByTestId('bill-due').textContent).toBe('12.5000');
    expect(row(7).getByTestId('bill-status').textContent).toBe('To be paid');
    expect(row(7).getByTestId('bill-reason').textContent).toBe(`Payment not accepted: ${REASON}`);

    expect(row(6).getByTestId('bill-status').textContent).toBe('Confirming');
    expect(row(6).queryByTestId('bill-reason')).toBeNull();
    expect(row(6).getByTestId('bill-hash').querySelector('a')!.getAttribute('href')).toBe(EXPLORER);

    expect(row(5).getByTestId('bill-status').textContent).toBe('Has paid');
    expect(row(5).getByTestId('bill-amount').textContent).toBe('3.1234');
    expect(row(5).getByTestId('bill-amount').getAttribute('data-amount')).toBe('3.123456');
    expect(row(5).getByTestId('bill-due').textContent).toBe('0.0000');
  });

  it('expands a bill to its lines and its payment', async () => {
    await openBills([SERVICE]);
    fireEvent.click(screen.getByTestId('bill-row-7').querySelector('.ant-table-row-expand-icon')!);
    const lines = within(await screen.findByTestId('bill-lines-7', undefined, WAIT));
    const collection = within(lines.getByTestId('bill-line-0'));
    expect(collection.getByTestId('line-service').textContent).toBe('Collection fee');
    expect(collection.getByTestId('line-rate').textContent).toBe('0.5% (min 1, max 10)');
    expect(collection.getByTestId('line-count').textContent).toBe('12');
    expect(collection.getByTestId('line-volume').textContent).toBe('1520.25 USDT');
    expect(collection.getByTestId('line-amount').textContent).toBe('7.6010');
    const monthly = within(lines.getByTestId('bill-line-1'));
    expect(monthly.getByTestId('line-service').textContent).toBe('Monthly fee');
    expect(monthly.getByTestId('line-count').textContent).toBe('30 days in force');
    expect(monthly.getByTestId('line-volume').textContent).toBe('—');
    expect(monthly.getByTestId('line-amount').textContent).toBe('4.8990');
    const payment = within(lines.getByTestId('bill-payment-details'));
    expect(payment.getByTestId('bill-payment-status').textContent).toBe('Not accepted');
    expect(payment.getByTestId('bill-payment-amount').textContent).toBe('10.0000');
    expect(payment.getByTestId('bill-payment-reason').textContent).toBe(REASON);
    // Submitted 01:00 UTC, shown in the merchant's zone (UTC+8).
    expect(lines.getByTestId('bill-payment-details').textContent).toContain('2026-11-02 09:00:00');
  });

  it('filters by status', async () => {
    await openBills([SERVICE]);
    await pickOption('filter-status', 'Confirming');
    await waitFor(() => expect(api.pageBills).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, status: 2 }), WAIT);
  });

  it('offers I have paid only with BILL_PAY, and only on a bill to be paid', async () => {
    await openBills([SERVICE]);
    expect(screen.queryAllByTestId('bill-pay')).toHaveLength(0);
    cleanup();
    act(() => sessionStore.signOut());
    await openBills([SERVICE, BILL_PAY]);
    expect(screen.getAllByTestId('bill-pay')).toHaveLength(1);
    expect(row(7).getByTestId('bill-pay').textContent).toBe('I have paid');
  });

  it('refuses a hash that is not 64 hexadecimal characters, sending nothing', async () => {
    const submit = await openPayDialog();
    fireEvent.change(screen.getByTestId('bill-pay-hash'), { target: { value: '0x1234' } });
    fireEvent.click(submit);
    expect(await screen.findByText('A transaction hash is 64 hexadecimal characters, optionally after 0x', undefined, WAIT)).toBeTruthy();
    await settle(200);
    expect(api.markBillPaid).not.toHaveBeenCalled();
  });

  it('sends {billId, chainId, hash} trimmed, says the payment is confirming and reads the bills again', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    api.markBillPaid.mockResolvedValue({ ...TO_PAY, status: 2, reason: null });
    const submit = await openPayDialog();
    expect(screen.getByText('I have paid: bill 2026-10')).toBeTruthy();
    await pickOption('bill-pay-chain', 'TRON · USDT');
    fireEvent.change(screen.getByTestId('bill-pay-hash'), { target: { value: `  ${HASH} ` } });
    api.pageBills.mockResolvedValue({ list: [{ ...TO_PAY, status: 2, reason: null }, CONFIRMING, PAID], total: 3 });
    fireEvent.click(submit);
    await waitFor(() => expect(api.markBillPaid).toHaveBeenCalledWith({ billId: 7, chainId: 728126428, hash: HASH }), WAIT);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Payment submitted: confirming on chain'), WAIT);
    await waitFor(() => expect(row(7).getByTestId('bill-status').textContent).toBe('Confirming'), WAIT);
    expect(api.pageBills).toHaveBeenCalledTimes(2);
    expect(row(7).queryByTestId('bill-pay')).toBeNull();
  });

  it("shows the server's refusal as a toast and keeps the dialog open", async () => {
    // The real call through the request layer, the server answering 20003.
    const { markBillPaid } = await vi.importActual<typeof billsModule>('@/api/bills');
    api.markBillPaid.mockImplementation(markBillPaid);
    const http: AxiosInstance = await httpClient();
    const sent: unknown[] = [];
    vi.spyOn(http, 'request').mockImplementation(async (config) => {
      sent.push(config.data);
      return { status: 200, data: { code: 20003, msg: 'This transaction is already on a bill', data: null } };
    });
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    const submit = await openPayDialog();
    await pickOption('bill-pay-chain', 'Devchain · USDT');
    fireEvent.change(screen.getByTestId('bill-pay-hash'), { target: { value: HASH } });
    fireEvent.click(submit);
    await waitFor(() => expect(error).toHaveBeenCalledWith('This transaction is already on a bill'), WAIT);
    expect(sent).toEqual([{ billId: 7, chainId: 1337, hash: HASH }]);
    await settle(300);
    expect(success).not.toHaveBeenCalled();
    expect((screen.getByTestId('bill-pay-hash') as HTMLInputElement).value).toBe(HASH);
  });
});
