import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { PERMISSIONS } from '@/router/permissions';
import { sessionStore } from '@/store/session';
import { depositRow } from '@/test/deposits';
import { settle } from '@/test/router';
import { ApiError } from '@/utils/request';
import { DepositListPage, DepositOrdersPage } from './DepositPages';
import { hashToSend, isTxHash } from './hashScanRules';
import { homeConfig, renderSignedIn, signOutAndRestore } from '@/test/session';
import * as depositsModule from '@/api/deposits';
import * as configModule from '@/api/config';
import { orderSummary } from '@/test/answers';

// The hash scan of Transactions › Deposit list (40101) against the contract of docs/api.md
// "Scanning a missed transaction" (`/api/v2/hash/scan`), with the server mocked.

vi.mock('@/api/deposits');
const api = vi.mocked(depositsModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

const WAIT = { timeout: 8000 };
const HASH = `0x${'c4'.repeat(32)}`;
const LISTED = depositRow(12, { orderNo: 'D202611220000012' });
const SCANNED = depositRow(40, { orderNo: 'D202611220000040', hash: HASH, amount: '25.123456', status: 7, confirmations: 1 });

async function renderList(menuIds: Array<number | string>, page = <DepositListPage />) {
  renderSignedIn(menuIds, page);
  await screen.findByTestId('deposit-row-D202611220000012', undefined, WAIT);
}

async function openModal() {
  fireEvent.click(screen.getByTestId('hash-scan-open'));
  return screen.findByTestId('hash-scan-submit', undefined, WAIT);
}

async function pickChain(title: string) {
  const modal = document.querySelector('.ant-modal') as HTMLElement;
  fireEvent.mouseDown(modal.querySelector('.ant-select-selector')!);
  const option = await waitFor(() => {
    const found = document.querySelector(`.ant-select-item-option[title="${title}"]`);
    if (!found) throw new Error(`no option ${title}`);
    return found;
  }, WAIT);
  fireEvent.click(option);
}

async function scan(hash: string, chain = 'Devchain') {
  const submit = await openModal();
  await pickChain(chain);
  fireEvent.change(screen.getByTestId('hash-scan-hash'), { target: { value: hash } });
  fireEvent.click(submit);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  for (const fn of Object.values(api)) fn.mockReset();
  api.pageDeposits.mockResolvedValue({ list: [LISTED], total: 1 });
  api.depositSummary.mockResolvedValue(orderSummary({ count: 1 }));
  config.getHomeConfig.mockReset().mockResolvedValue(homeConfig([
    { chainid: 1337, chainname: 'Devchain', symbol: 'DEV', txurl: '', family: 'dev', tokens: [{ tokenid: 1, symbol: 'USDT', price: '1' }] },
    { chainid: 728126428, chainname: 'TRON', symbol: 'TRX', txurl: '', family: 'tron', tokens: [] },
  ]));
});
afterEach(signOutAndRestore);

describe('hash rules', () => {
  it('accepts 64 hex characters with or without 0x, trimmed', () => {
    expect(PERMISSIONS.hashScan).toBe('40101');
    expect(isTxHash(HASH)).toBe(true);
    expect(isTxHash(` ${'AB'.repeat(32)} `)).toBe(true);
    expect(isTxHash('0x' + 'ab'.repeat(31))).toBe(false);
    expect(isTxHash('ab'.repeat(33))).toBe(false);
    expect(isTxHash('0x' + 'zz'.repeat(32))).toBe(false);
    expect(isTxHash('0X' + 'ab'.repeat(32))).toBe(false);
    expect(isTxHash('')).toBe(false);
    expect(hashToSend(`  ${HASH}\n`)).toBe(HASH);
  });
});

describe('hash scan on the deposit list', () => {
  it('is offered only with 40101, and only on the deposit list', async () => {
    await renderList([4, 401]);
    expect(screen.queryByTestId('hash-scan-open')).toBeNull();
    cleanup();
    act(() => sessionStore.signOut());
    await renderList([3, 301, 40101], <DepositOrdersPage />);
    expect(screen.queryByTestId('hash-scan-open')).toBeNull();
  });

  it('checks the chain and the hash before sending anything', async () => {
    await renderList([4, 401, 40101]);
    const submit = await openModal();
    expect(screen.getByText('Scan a transaction hash')).toBeTruthy();
    fireEvent.click(submit);
    expect(await screen.findByText('Please choose a chain', undefined, WAIT)).toBeTruthy();
    expect(await screen.findByText('Please enter the transaction hash', undefined, WAIT)).toBeTruthy();
    fireEvent.change(screen.getByTestId('hash-scan-hash'), { target: { value: '0x1234' } });
    fireEvent.click(submit);
    expect(await screen.findByText('A transaction hash is 64 hexadecimal characters, optionally after 0x', undefined, WAIT)).toBeTruthy();
    fireEvent.change(screen.getByTestId('hash-scan-hash'), { target: { value: '   ' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Please enter the transaction hash', undefined, WAIT)).toBeTruthy();
    await settle(200);
    expect(api.scanHash).not.toHaveBeenCalled();
  });

  it('credited: sends {chainId, hash} trimmed, shows the new deposits and reads the list again', async () => {
    api.scanHash.mockResolvedValue({ result: 'credited', deposits: [SCANNED] });
    await renderList([4, 401, 40101]);
    const listCalls = api.pageDeposits.mock.calls.length;
    const summaryCalls = api.depositSummary.mock.calls.length;
    await scan(`  ${HASH}  `);
    await waitFor(() => expect(api.scanHash).toHaveBeenCalledWith(1337, HASH), WAIT);
    const result = await screen.findByTestId('hash-scan-result', undefined, WAIT);
    expect(result.getAttribute('data-result')).toBe('credited');
    expect(within(result).getByText('Deposits recorded: 1')).toBeTruthy();
    const row = within(within(result).getByTestId('scan-row-D202611220000040'));
    expect(row.getByTestId('scan-order-no').textContent).toBe('D202611220000040');
    expect(row.getByTestId('scan-amount').textContent).toBe('25.1234 USDT');
    expect(row.getByTestId('scan-amount').getAttribute('data-amount')).toBe('25.123456');
    expect(row.getByTestId('scan-status').textContent).toBe('On-chain confirming');
    await waitFor(() => expect(api.pageDeposits.mock.calls.length).toBeGreaterThan(listCalls), WAIT);
    await waitFor(() => expect(api.depositSummary.mock.calls.length).toBeGreaterThan(summaryCalls), WAIT);
    expect(api.pageDeposits.mock.calls.at(-1)![0]).toMatchObject({ page: 1 });
  });

  it('known: says it is already recorded, with the rows, and does not reload', async () => {
    api.scanHash.mockResolvedValue({ result: 'known', deposits: [{ ...SCANNED, status: 8 }] });
    await renderList([4, 401, 40101]);
    const listCalls = api.pageDeposits.mock.calls.length;
    await scan('c4'.repeat(32), 'TRON');
    await waitFor(() => expect(api.scanHash).toHaveBeenCalledWith(728126428, 'c4'.repeat(32)), WAIT);
    const result = await screen.findByTestId('hash-scan-result', undefined, WAIT);
    expect(result.getAttribute('data-result')).toBe('known');
    expect(within(result).getByText('This transaction is already recorded')).toBeTruthy();
    expect(within(result).getByTestId('scan-status').textContent).toBe('Transaction complete');
    await settle(200);
    expect(api.pageDeposits).toHaveBeenCalledTimes(listCalls);
  });

  it('pending: says the block is not scanned yet and it will be credited automatically', async () => {
    api.scanHash.mockResolvedValue({ result: 'pending', deposits: [] });
    await renderList([4, 401, 40101]);
    await scan(HASH);
    const result = await screen.findByTestId('hash-scan-result', undefined, WAIT);
    expect(result.getAttribute('data-result')).toBe('pending');
    expect(within(result).getByText('The block of this transaction is not scanned yet')).toBeTruthy();
    expect(within(result).getByText(/credited automatically/)).toBeTruthy();
    expect(within(result).queryByRole('table')).toBeNull();
  });

  it('keeps the dialog open after a refusal, so the hash can be fixed', async () => {
    api.scanHash.mockRejectedValueOnce(new ApiError(10422, 'Transaction not found on this chain'));
    await renderList([4, 401, 40101]);
    await scan(HASH);
    await waitFor(() => expect(api.scanHash).toHaveBeenCalledTimes(1), WAIT);
    await settle(300);
    expect(screen.getByTestId('hash-scan-submit')).toBeTruthy();
    expect(screen.queryByTestId('hash-scan-result')).toBeNull();
    expect((screen.getByTestId('hash-scan-hash') as HTMLInputElement).value).toBe(HASH);

    api.scanHash.mockResolvedValueOnce({ result: 'pending', deposits: [] });
    const fixed = `0x${'d5'.repeat(32)}`;
    fireEvent.change(screen.getByTestId('hash-scan-hash'), { target: { value: fixed } });
    fireEvent.click(screen.getByTestId('hash-scan-submit'));
    await waitFor(() => expect(api.scanHash).toHaveBeenLastCalledWith(1337, fixed), WAIT);
    expect(await screen.findByTestId('hash-scan-result', undefined, WAIT)).toBeTruthy();
  });
});
