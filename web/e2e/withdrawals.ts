import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { call, type Session } from './api';
import { enableDevUsdt, widePeriod } from './deposits';
import type { E2eEnv } from './fixtures';
import { E2E_CHAINS, E2E_TOKENS, coffer } from './server';
import { base32Decode, hotp, totpCounter, TOTP_STEP_SECONDS } from './totp';
import { assets, bindGoogle, hotWallets } from './wallets';

// Helpers of the withdrawal spec: a funded payment wallet, authenticator codes, API shortcuts.

export interface Withdrawal {
  id: number;
  orderNo: string;
  status: number;
  hash: string;
  amount: string;
  actualAmount: string;
  /** Native coin spent on the transaction ("" until known). */
  fee: string;
  fromAddress: string;
  toAddress: string;
  riskReasons: string[];
  reason: string;
  reviewer: string;
  createdBy: string;
  source: number;
  createtime: string;
}

/** A fresh payee on the devchain (lower-case hex is accepted and stored EIP-55). */
export const randomAddress = (): string => `0x${randomBytes(20).toString('hex')}`;

/**
 * A user with a bound authenticator. The server accepts each time step once and in increasing
 * order, within one step of now: so the next code is the step after the last one used, taken as
 * soon as it is at most one step ahead (two codes per 30 s, no waiting for the first).
 */
export class Authenticator {
  private constructor(
    readonly session: Session,
    private readonly secret: string,
    private last: number,
  ) {}

  static async bind(env: E2eEnv, session: Session): Promise<Authenticator> {
    const { secret, counter } = await bindGoogle(env.baseURL, session.sessionCode);
    return new Authenticator(session, secret, counter);
  }

  async next(): Promise<string> {
    for (;;) {
      const now = Date.now();
      const current = totpCounter(now);
      const step = Math.max(this.last + 1, current);
      const leftMs = (current + 1) * TOTP_STEP_SECONDS * 1000 - now;
      // `step` is accepted while now is within one step of it; keep 3 s of margin.
      if (step <= current + 1 && (step > current || leftMs > 3000)) {
        this.last = step;
        return hotp(base32Decode(this.secret), step);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(leftMs + 200, 31_000)));
    }
  }
}

/**
 * Passing asks for the Google code: waits until the pass dialog is open and its
 * opening animation is over (a click during it once missed), types a fresh code, then sends with
 * the dialog's button `sureTestId`.
 */
export async function passInDialog(page: Page, who: Authenticator, sureTestId: string): Promise<void> {
  const code = page.getByTestId('pass-google-code');
  await expect(code).toBeVisible();
  await expect(page.locator('.ant-zoom-appear, .ant-zoom-enter')).toHaveCount(0);
  await code.fill(await who.next());
  const sure = page.getByTestId(sureTestId).filter({ visible: true });
  await expect(sure).toBeEnabled();
  await sure.click();
}

export async function listWithdrawals(env: E2eEnv, token: string, filters: object = {}): Promise<Withdrawal[]> {
  const answer = await call<{ list: Withdrawal[] }>(env.baseURL, '/api/partner/withdraw/pageTx', { page: 1, pageSize: 100, ...widePeriod(), ...filters }, token);
  expect(answer.code, JSON.stringify(answer)).toBe(1);
  return answer.data.list;
}

/** Polls the server until the order is in one of `statuses`; returns it. */
export async function waitForStatus(env: E2eEnv, token: string, orderNo: string, statuses: number[], timeout = 60_000): Promise<Withdrawal> {
  let found: Withdrawal | undefined;
  await expect
    .poll(async () => {
      found = (await listWithdrawals(env, token, { orderNo }))[0];
      return statuses.includes(found?.status ?? -1);
    }, { timeout, intervals: [500] })
    .toBe(true);
  return found!;
}

/** A withdrawal of devchain USDT through `/api/partner/withdraw` (the console's own call). */
export async function requestWithdrawal(env: E2eEnv, who: Authenticator, amount: string): Promise<Withdrawal> {
  const answer = await call<Withdrawal>(
    env.baseURL,
    '/api/partner/withdraw',
    { chainId: E2E_CHAINS.devchain, tokenId: E2E_TOKENS.devUsdt, toAddress: randomAddress(), amount, googleCode: await who.next() },
    who.session.sessionCode,
  );
  expect(answer.code, JSON.stringify(answer)).toBe(1);
  return answer.data;
}

/**
 * USDT enabled on the devchain with a hot wallet as its payment address, and that wallet funded
 * with the faucet: DEV for the fees and `usdt` USDT; resolves once the balances are visible.
 */
export async function fundPaymentWallet(env: E2eEnv, token: string, usdt: string): Promise<string> {
  await enableDevUsdt(env, token);
  const asset = (await assets(env.baseURL, token)).find((row) => row.chainId === E2E_CHAINS.devchain && row.tokenId === E2E_TOKENS.devUsdt)!;
  const address = asset.paymentAddress;
  coffer(env.dataDir, ['admin', 'devchain', 'fund', address, '10', '--token', 'DEV']);
  coffer(env.dataDir, ['admin', 'devchain', 'fund', address, usdt, '--token', 'USDT']);
  await expect
    .poll(async () => {
      const wallet = (await hotWallets(env.baseURL, token)).list.find((row) => row.address === address) as
        | { balances?: { symbol: string; amount: string }[] }
        | undefined;
      const usdtBalance = wallet?.balances?.find((balance) => balance.symbol === 'USDT')?.amount ?? '0';
      return Number(usdtBalance) >= Number(usdt);
    }, { timeout: 30_000, intervals: [500] })
    .toBe(true);
  return address;
}
