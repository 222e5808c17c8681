import { expect } from '@playwright/test';
import { call } from './api';
import type { E2eEnv } from './fixtures';
import { E2E_CHAINS, E2E_TOKENS, coffer } from './server';
import { assets, hotWallets } from './wallets';
import type { Authenticator } from './withdrawals';

// Helpers of the collection specs: the devchain USDT's cold address put in force (requested with
// the authenticator, approved by the operator's CLI), fee settings and collections as the API
// answers them.

// The console's own wire types: the specs read the API as the console does.
import type { ChainFees, CollectionRow as Collection, CollectionStep } from '../src/api/collection';

export type { ChainFees, Collection, CollectionStep };

/** The merchant's devchain USDT asset. */
export async function devUsdt(env: E2eEnv, token: string) {
  const asset = (await assets(env.baseURL, token)).find((row) => row.chainId === E2E_CHAINS.devchain && row.tokenId === E2E_TOKENS.devUsdt);
  expect(asset, 'devchain USDT enabled').toBeTruthy();
  return asset!;
}

/** Puts `cold` in force as the devchain USDT's only collection address (ratio 1), unless one already is. */
export async function coldAddressInForce(env: E2eEnv, who: Authenticator, cold: string): Promise<void> {
  const token = who.session.sessionCode;
  const asset = await devUsdt(env, token);
  if (asset.coldStatus === 1) return;
  const requested = await call<{ id: number }>(
    env.baseURL,
    '/api/partner/token/request/requestColdAddress',
    { assetId: asset.id, coldAddresses: [{ address: cold, ratio: '1' }], googleCode: await who.next() },
    token,
  );
  expect(requested.code, JSON.stringify(requested)).toBe(1);
  coffer(env.dataDir, ['admin', 'token', 'approve', String(requested.data.id)]);
  expect((await devUsdt(env, token)).coldStatus).toBe(1);
}

/** The payment (hot) wallet of the devchain USDT: its id and address. */
export async function paymentWallet(env: E2eEnv, token: string): Promise<{ id: number; address: string }> {
  const { paymentAddress } = await devUsdt(env, token);
  const wallet = (await hotWallets(env.baseURL, token)).list.find((row) => row.address === paymentAddress);
  expect(wallet, 'the payment wallet is listed').toBeTruthy();
  return { id: wallet!.id, address: wallet!.address };
}

export async function chainFees(env: E2eEnv, token: string): Promise<ChainFees> {
  const answer = await call<ChainFees[]>(env.baseURL, '/api/partner/collect/fees', {}, token);
  expect(answer.code, JSON.stringify(answer)).toBe(1);
  return answer.data.find((row) => row.chainId === E2E_CHAINS.devchain)!;
}

/** Marks the payment wallet as the devchain's fee wallet (no cap) unless one is marked already. */
export async function feeWalletSet(env: E2eEnv, who: Authenticator): Promise<void> {
  const token = who.session.sessionCode;
  if ((await chainFees(env, token)).feeWalletId !== null) return;
  const wallet = await paymentWallet(env, token);
  const saved = await call(env.baseURL, '/api/partner/collect/fees/edit', { chainId: E2E_CHAINS.devchain, feeWalletId: wallet.id, maxFee: '', googleCode: await who.next() }, token);
  expect(saved.code, JSON.stringify(saved)).toBe(1);
}

export async function listCollections(env: E2eEnv, token: string, filters: object = {}): Promise<Collection[]> {
  const answer = await call<{ list: Collection[] }>(env.baseURL, '/api/partner/collect/page_list', { page: 1, pageSize: 100, ...filters }, token);
  expect(answer.code, JSON.stringify(answer)).toBe(1);
  return answer.data.list;
}

export async function collectionSteps(env: E2eEnv, token: string, id: number): Promise<CollectionStep[]> {
  const answer = await call<{ steps: CollectionStep[] }>(env.baseURL, '/api/partner/collect/detail', { id }, token);
  expect(answer.code, JSON.stringify(answer)).toBe(1);
  return answer.data.steps;
}
