import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { settle } from '@/test/router';
import { pickOption } from '@/test/select';
import { homeConfig, renderSignedIn, signOutAndRestore } from '@/test/session';
import { toast } from '@/utils/feedback';
import { ApiError } from '@/utils/request';
import * as configModule from '@/api/config';
import * as energyModule from '@/api/energy';
import type { EnergyOrder, EnergyProfile, EnergyQuote } from '@/api/energy';
import EnergyPage from './EnergyPage';

// Token › Energy against the contract (issue 30's energy API), with the server mocked.

vi.mock('@/api/energy', async (original) => ({
  ...(await original<typeof energyModule>()),
  estimateEnergyPrice: vi.fn(),
  orderEnergy: vi.fn(),
  pageEnergyOrders: vi.fn(),
  energyProfile: vi.fn(),
  energyChargePoint: vi.fn(),
}));
const api = vi.mocked(energyModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

const WAIT = { timeout: 8000 };
const TOKEN_MENU = 2;
const ENERGY = 203;
const ENERGY_ORDER = 20301;
const TRON = 728126428;
const RECEIVER = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const RECHARGE = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

const PROFILE: EnergyProfile = {
  trxPoints: { available: '95.512345', held: '4.5' },
  ordersInProgress: 1,
  usesThisMonth: 3,
  energyThisMonth: 390855,
  burnSavedThisMonth: '39.0855',
  energyPrice: 100,
  priceReadAt: null,
  smartCollection: { energyCollect: false, energyPay: false, trxCollect: false, updatedAt: null },
  smartSaving: { days: 30, collections: 0, energy: 0, burnFee: '0', feePaid: '0', energyPoints: '0', saved: '0' },
};

const QUOTE: EnergyQuote = {
  quoteId: '9f2c0d',
  validSeconds: 30,
  expiresAt: '2026-11-29T07:07:10Z',
  chainId: TRON,
  address: RECEIVER,
  times: 3,
  days: 3,
  maxDailyUses: 1,
  activate: false,
  needsActivation: false,
  activationPoints: '0',
  energyPerUse: 130285,
  energyToHolder: 64285,
  pricePerUse: '1.5',
  usesPoints: '4.5',
  totalPoints: '4.5',
  energyPrice: 100,
  burnPerUse: '13.0285',
  burnTotal: '39.0855',
  trxPoints: '95.5',
  enough: true,
};

const order = (id: number, overrides: Partial<EnergyOrder> = {}): EnergyOrder => ({
  id,
  chainId: TRON,
  address: RECEIVER,
  times: 3,
  days: 3,
  maxDailyUses: 1,
  used: 1,
  todayUses: 1,
  energyPerUse: 130285,
  pricePerUse: '1.5',
  activate: false,
  activationPoints: '0',
  totalPoints: '4.5',
  chargedPoints: '0',
  refundedPoints: '0',
  status: 2,
  reason: '',
  createdAt: '2026-11-29T07:06:40Z',
  endsAt: '2026-12-02T07:06:40Z',
  endedAt: null,
  ...overrides,
});

const CHAINS = [
  { chainid: 1337, chainname: 'Devchain', symbol: 'DEV', txurl: '', family: 'dev', tokens: [] },
  { chainid: TRON, chainname: 'TRON', symbol: 'TRX', txurl: '', family: 'tron', tokens: [] },
  { chainid: 999, chainname: 'TRON Nile', symbol: 'TRX', txurl: '', family: 'tron', tokens: [] },
];

async function openPage(menuIds: number[] = [TOKEN_MENU, ENERGY, ENERGY_ORDER], bindGoogle = true) {
  renderSignedIn(menuIds, <EnergyPage />, { bindGoogle });
  await screen.findByTestId('energy-form', undefined, WAIT);
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** Fills the form with valid terms (3 uses over 3 days, 1 a day) and asks for a price. */
async function getPrice() {
  type('energy-address', RECEIVER);
  type('energy-times', '3');
  type('energy-days', '3');
  type('energy-max-daily', '1');
  fireEvent.click(screen.getByTestId('energy-get-price'));
  return screen.findByTestId('energy-quote', undefined, WAIT);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  config.getHomeConfig.mockReset().mockResolvedValue(homeConfig(CHAINS));
  api.energyProfile.mockReset().mockResolvedValue(PROFILE);
  api.pageEnergyOrders.mockReset().mockResolvedValue({ list: [], total: 0 });
  api.estimateEnergyPrice.mockReset().mockResolvedValue(QUOTE);
  api.orderEnergy.mockReset().mockResolvedValue(order(17, { status: 1 }));
  api.energyChargePoint
    .mockReset()
    .mockResolvedValue({ chainId: TRON, chainName: 'TRON', address: RECHARGE, token: 'USDT', coin: 'TRX', minimum: '1', confirmations: 20 });
});
afterEach(() => {
  vi.useRealTimers();
  signOutAndRestore();
});

describe('Token › Energy: the profile band', () => {
  it('shows the TRX points, the orders in progress, the month and the live price with its age', async () => {
    const readAt = '2026-11-29T07:06:40Z';
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.parse(readAt) + 5_000);
    api.energyProfile.mockResolvedValue({ ...PROFILE, priceReadAt: readAt });
    await openPage();
    expect((await screen.findByTestId('energy-trx-available', undefined, WAIT)).textContent).toBe('95.5123 TRX points');
    expect(screen.getByTestId('energy-trx-available').getAttribute('data-amount')).toBe('95.512345');
    expect(screen.getByTestId('energy-trx-held').textContent).toBe('4.5000 TRX points');
    expect(screen.getByTestId('energy-orders-in-progress').textContent).toBe('1');
    expect(screen.getByTestId('energy-uses-month').textContent).toBe('3');
    expect(screen.getByTestId('energy-energy-month').textContent).toBe('390,855');
    expect(screen.getByTestId('energy-burn-saved').textContent).toBe('39.0855 TRX');
    expect(screen.getByTestId('energy-price').textContent).toBe('100 sun per energy');
    expect(screen.getByTestId('energy-price-age').textContent).toBe('read 5 s ago');
    // The age counts up while the screen is open.
    now.mockReturnValue(Date.parse(readAt) + 8_000);
    await waitFor(() => expect(screen.getByTestId('energy-price-age').textContent).toBe('read 8 s ago'), WAIT);
  });

  it('shows a dash for the price, and for what burning would have cost, when no TRON node answers', async () => {
    api.energyProfile.mockResolvedValue({ ...PROFILE, energyPrice: null, priceReadAt: null, burnSavedThisMonth: null });
    await openPage();
    await waitFor(() => expect(screen.getByTestId('energy-price').textContent).toBe('—'), WAIT);
    expect(screen.queryByTestId('energy-price-age')).toBeNull();
    expect(screen.getByTestId('energy-burn-saved').textContent).toBe('—');
    expect(screen.getByTestId('energy-trx-available').textContent).toBe('95.5123 TRX points');
  });

  it('recharges TRX points on the first TRON chain: the address to copy, 1 TRX = 1 point, the minimum and the confirmations', async () => {
    await openPage();
    fireEvent.click(screen.getByTestId('energy-recharge'));
    const address = await screen.findByTestId('energy-recharge-address', undefined, WAIT);
    expect(api.energyChargePoint).toHaveBeenCalledWith(TRON);
    expect(address.textContent).toBe(RECHARGE);
    expect(address.querySelector('.ant-typography-copy')).not.toBeNull();
    expect(screen.getByTestId('energy-recharge-qr').getAttribute('data-value')).toBe(RECHARGE);
    expect(screen.getByTestId('energy-recharge-rate').textContent).toBe('1 TRX = 1 TRX point');
    expect(screen.getByTestId('energy-recharge-minimum').textContent).toBe('The amount must be greater than 1 TRX');
    expect(screen.getByTestId('energy-recharge-confirmations').textContent).toBe('Credited after 20 confirmations');
  });

  it("shows the server's refusal in place of the recharge address", async () => {
    api.energyChargePoint.mockRejectedValue(new ApiError(10422, 'Recharging is not available yet'));
    await openPage();
    fireEvent.click(screen.getByTestId('energy-recharge'));
    expect((await screen.findByTestId('energy-recharge-refused', undefined, WAIT)).textContent).toContain('Recharging is not available yet');
    expect(screen.queryByTestId('energy-recharge-address')).toBeNull();
  });
});

describe('Token › Energy: buying energy', () => {
  it('offers the TRON chains only, the first chosen, and refuses missing or out-of-range terms without asking a price', async () => {
    await openPage();
    expect(screen.getByTestId('energy-chain').closest('.ant-select')!.textContent).toBe('TRON');
    fireEvent.click(screen.getByTestId('energy-get-price'));
    for (const text of ['Address cannot be empty', 'Times cannot be empty', 'Days cannot be empty', 'Max daily uses cannot be empty']) {
      expect(await screen.findByText(text, undefined, WAIT)).toBeTruthy();
    }

    type('energy-address', '0x5FbDB2315678afecb367f032d93F642f64180aa3'); // an EVM address, not TRON's shape
    type('energy-times', '10001');
    type('energy-days', '366');
    type('energy-max-daily', '0');
    fireEvent.click(screen.getByTestId('energy-get-price'));
    expect(await screen.findByText('Invalid address for this chain', undefined, WAIT)).toBeTruthy();
    expect(await screen.findByText('Times must be a whole number from 1 to 10000', undefined, WAIT)).toBeTruthy();
    expect(await screen.findByText('Days must be a whole number from 1 to 365', undefined, WAIT)).toBeTruthy();
    expect(await screen.findByText('Max daily uses must be a whole number from 1 to the times (10000)', undefined, WAIT)).toBeTruthy();

    type('energy-times', '2.5');
    type('energy-days', '0');
    type('energy-times', '3');
    type('energy-max-daily', '4');
    fireEvent.click(screen.getByTestId('energy-get-price'));
    expect(await screen.findByText('Max daily uses must be a whole number from 1 to the times (3)', undefined, WAIT)).toBeTruthy();
    expect(await screen.findByText('Days must be a whole number from 1 to 365', undefined, WAIT)).toBeTruthy();
    await settle(200);
    expect(api.estimateEnergyPrice).not.toHaveBeenCalled();
  });

  it('asks the price of the terms and shows the quote: energy, prices, burning instead, the saving and the points', async () => {
    await openPage();
    const quote = within(await getPrice());
    expect(api.estimateEnergyPrice).toHaveBeenCalledWith({ chainId: TRON, address: RECEIVER, times: 3, days: 3, maxDailyUses: 1, activate: false });
    expect(quote.getByTestId('energy-quote-energy').textContent).toBe('130,285');
    expect(quote.getByTestId('energy-quote-energy-holder').textContent).toBe('64,285');
    expect(quote.getByTestId('energy-quote-price').textContent).toBe('1.5000 TRX points');
    expect(quote.getByTestId('energy-quote-uses').textContent).toBe('4.5000 TRX points');
    expect(quote.getByTestId('energy-quote-activation').textContent).toBe('Not needed: the address exists on chain');
    expect(quote.getByTestId('energy-quote-total').textContent).toBe('4.5000 TRX points');
    expect(quote.getByTestId('energy-quote-burn-use').textContent).toBe('13.0285 TRX');
    expect(quote.getByText('at 100 sun per energy')).toBeTruthy();
    expect(quote.getByTestId('energy-quote-burn-total').textContent).toBe('39.0855 TRX');
    expect(quote.getByTestId('energy-quote-saving').textContent).toBe('34.5855 TRX');
    expect(quote.getByTestId('energy-quote-available').textContent).toBe('95.5000 TRX points');
    expect(quote.getByTestId('energy-quote-enough').textContent).toBe('Enough');
    expect(screen.getByTestId('energy-quote-countdown').textContent).toBe('Valid for 30 s');
  });

  it('says when the points are not enough, and that an address not on chain is refused unless activation is bought', async () => {
    api.estimateEnergyPrice.mockResolvedValue({ ...QUOTE, needsActivation: true, activationPoints: '1.1', enough: false, trxPoints: '2' });
    await openPage();
    const quote = within(await getPrice());
    expect(quote.getByTestId('energy-quote-activation-refused').textContent).toContain('the order will be refused unless activation is bought');
    expect(quote.getByTestId('energy-quote-not-enough').textContent).toBe('Not enough: recharge TRX points first');

    api.estimateEnergyPrice.mockResolvedValue({ ...QUOTE, activate: true, needsActivation: true, activationPoints: '1.1', totalPoints: '5.6' });
    fireEvent.click(screen.getByTestId('energy-activate'));
    expect(screen.queryByTestId('energy-quote')).toBeNull(); // a changed term drops the price
    fireEvent.click(screen.getByTestId('energy-get-price'));
    await waitFor(() => expect(screen.getByTestId('energy-quote-activation').textContent).toBe('1.1000 TRX points'), WAIT);
    expect(api.estimateEnergyPrice).toHaveBeenLastCalledWith(expect.objectContaining({ activate: true }));
    expect(screen.queryByTestId('energy-quote-activation-refused')).toBeNull();
    expect(screen.getByTestId('energy-quote-total').textContent).toBe('5.6000 TRX points');
  });

  it('counts the price down and, once expired, disables Buy and says to get a new price', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openPage();
    await getPrice();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('energy-quote-countdown').textContent).toBe('Valid for 20 s');
    expect((screen.getByTestId('energy-buy') as HTMLButtonElement).disabled).toBe(false);
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByTestId('energy-quote-expired').textContent).toBe('This price has expired: get a new price');
    expect(screen.queryByTestId('energy-quote-countdown')).toBeNull();
    expect((screen.getByTestId('energy-buy') as HTMLButtonElement).disabled).toBe(true);

    // A new price can be bought again.
    fireEvent.click(screen.getByTestId('energy-get-price'));
    await waitFor(() => expect(screen.getByTestId('energy-quote-countdown').textContent).toBe('Valid for 30 s'), WAIT);
    expect((screen.getByTestId('energy-buy') as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's refusal of a price instead of a quote", async () => {
    api.estimateEnergyPrice.mockRejectedValue(new ApiError(14001, 'The payee address is blacklisted'));
    await openPage();
    type('energy-address', RECEIVER);
    type('energy-times', '3');
    type('energy-days', '3');
    type('energy-max-daily', '1');
    fireEvent.click(screen.getByTestId('energy-get-price'));
    expect((await screen.findByTestId('energy-refused', undefined, WAIT)).textContent).toBe('The payee address is blacklisted');
    expect(screen.queryByTestId('energy-quote')).toBeNull();
  });

  it('buys with the Google code: the quote cited, "purchased", the profile and the list read again', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    await openPage();
    await getPrice();
    expect(api.energyProfile).toHaveBeenCalledTimes(1);
    expect(api.pageEnergyOrders).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('energy-buy'));
    expect(await screen.findByText('Buy 3 uses of energy for TJRabP…RTv8', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText('4.5000 TRX points are held now; each use made is charged and the rest refunded when the order ends.')).toBeTruthy();
    type('pass-google-code', '123456');
    api.pageEnergyOrders.mockResolvedValue({ list: [order(17, { status: 1, used: 0, todayUses: 0 })], total: 1 });
    fireEvent.click(screen.getByTestId('energy-buy-sure'));
    await waitFor(() => expect(api.orderEnergy).toHaveBeenCalledWith({ quoteId: '9f2c0d', googleCode: '123456' }), WAIT);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Successfully purchased'), WAIT);
    await screen.findByTestId('energy-order-row-17', undefined, WAIT);
    expect(api.energyProfile).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('energy-quote')).toBeNull(); // a quote is bought once
  });

  it("shows the server's refusal of the order and keeps the dialog for another code", async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    api.orderEnergy.mockRejectedValue(new ApiError(21003, 'Not enough TRX points: 4.5 needed, 2 available'));
    await openPage();
    await getPrice();
    fireEvent.click(screen.getByTestId('energy-buy'));
    await screen.findByTestId('pass-google-code', undefined, WAIT);
    type('pass-google-code', '123456');
    fireEvent.click(screen.getByTestId('energy-buy-sure'));
    expect((await screen.findByTestId('energy-refused', undefined, WAIT)).textContent).toBe('Not enough TRX points: 4.5 needed, 2 available');
    expect(screen.getByTestId('pass-google-code')).toBeTruthy();
    expect(success).not.toHaveBeenCalled();
    expect(api.pageEnergyOrders).toHaveBeenCalledTimes(1);
  });

  it('shows Buy only to a role holding ENERGY_ORDER (20301); the others may still get a price', async () => {
    await openPage([TOKEN_MENU, ENERGY]);
    await getPrice();
    expect(screen.queryByTestId('energy-buy')).toBeNull();
    expect(screen.getByTestId('energy-buy-not-allowed').textContent).toBe('Your role can get prices but not buy energy.');
  });

  it('says energy cannot be bought when home/config has no TRON chain', async () => {
    config.getHomeConfig.mockResolvedValue(homeConfig([CHAINS[0]]));
    renderSignedIn([TOKEN_MENU, ENERGY, ENERGY_ORDER], <EnergyPage />);
    expect((await screen.findByTestId('energy-no-tron', undefined, WAIT)).textContent).toBe('No TRON chain is configured: energy cannot be bought.');
    expect((screen.getByTestId('energy-recharge') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Token › Energy: the orders', () => {
  it("lists each order with its uses, points, status in the spec's words, reason and times in the merchant's zone", async () => {
    api.pageEnergyOrders.mockResolvedValue({
      list: [
        order(18, { status: 1, used: 0, todayUses: 0, reason: "today's uses are spent: 1 of 1" }),
        order(17, { status: 3, used: 3, todayUses: 0, chargedPoints: '4.5', endedAt: '2026-12-02T07:06:40Z' }),
        order(16, { status: 4, used: 1, chargedPoints: '1.5', refundedPoints: '3', reason: 'the receiver was never activated' }),
      ],
      total: 3,
    });
    await openPage();
    const row = (id: number) => within(screen.getByTestId(`energy-order-row-${id}`));
    await screen.findByTestId('energy-order-row-18', undefined, WAIT);
    expect(api.pageEnergyOrders).toHaveBeenCalledWith({ page: 1, pageSize: 20 });
    const titles = [...screen.getByTestId('energy-orders').querySelectorAll('thead th')].map((th) => th.textContent);
    expect(titles).toEqual(['ID', 'Receiving address', 'Used / times', 'Today / max daily', 'Days', 'Held', 'Charged', 'Refunded', 'Status', 'Created', 'Ends']);

    expect(row(18).getByTestId('energy-order-id').textContent).toBe('18');
    expect(row(18).getByTestId('energy-order-address').getAttribute('data-address')).toBe(RECEIVER);
    expect(row(18).getByTestId('energy-order-address').querySelector('.ant-typography-copy')).not.toBeNull();
    expect(row(18).getByTestId('energy-order-used').textContent).toBe('0 / 3');
    expect(row(18).getByTestId('energy-order-today').textContent).toBe('0 / 1');
    expect(row(18).getByTestId('energy-order-status').textContent).toBe('Waiting processing');
    expect(row(18).getByTestId('energy-order-reason').textContent).toBe("today's uses are spent: 1 of 1");
    // Created 07:06:40 UTC and ending three days later, shown at UTC+8.
    expect(row(18).getAllByText('2026-11-29 15:06:40')).toHaveLength(1);
    expect(row(18).getAllByText('2026-12-02 15:06:40')).toHaveLength(1);

    expect(row(17).getByTestId('energy-order-status').textContent).toBe('Successful');
    expect(row(17).getByTestId('energy-order-used').textContent).toBe('3 / 3');
    expect(row(17).getByTestId('energy-order-charged').textContent).toBe('4.5000 TRX points');
    expect(row(16).getByTestId('energy-order-status').textContent).toBe('Failed');
    expect(row(16).getByTestId('energy-order-total').textContent).toBe('4.5000 TRX points');
    expect(row(16).getByTestId('energy-order-refunded').textContent).toBe('3.0000 TRX points');
    expect(row(16).getByTestId('energy-order-reason').textContent).toBe('the receiver was never activated');
  });

  it('filters by status and by receiving address', async () => {
    await openPage();
    await screen.findByTestId('energy-orders-empty', undefined, WAIT);
    await pickOption('filter-status', 'Processing');
    type('filter-address', `  ${RECEIVER} `);
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(api.pageEnergyOrders).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, status: 2, address: RECEIVER }), WAIT);
  });
});
