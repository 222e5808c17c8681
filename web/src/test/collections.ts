import type { ChainFees, CollectionDetail, CollectionRow, CollectionStep } from '@/api/collection';

// Collections as `collect/page_list` and `collect/detail` answer them (docs/api.md "Collect"),
// for the Collect screens' tests.

const DEPOSIT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const FEE_WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const COLD = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

/** A devchain USDT collection that was collected on deposit, unless overridden. */
export const collectionRow = (id: number, overrides: Partial<CollectionRow> = {}): CollectionRow => ({
  id,
  runId: null,
  trigger: 2,
  chainId: 1337,
  chainname: 'Devchain',
  tokenId: 1,
  symbol: 'USDT',
  address: DEPOSIT,
  status: 1,
  reason: '',
  waiting: '20',
  amount: '20.123456',
  attributed: '20',
  unattributed: '0.123456',
  nativeSymbol: 'DEV',
  feeEstimated: '0.001',
  feePaid: '0.002',
  burnFee: '0.001',
  energy: null,
  energyPoints: null,
  txurl: 'https://explorer.example/tx/',
  createdAt: '2026-11-22T07:00:00Z',
  updatedAt: '2026-11-22T07:01:00Z',
  finishedAt: '2026-11-22T07:01:00Z',
  ...overrides,
});

const step = (overrides: Partial<CollectionStep>): CollectionStep => ({
  kind: 1,
  part: 0,
  fromAddress: FEE_WALLET,
  toAddress: DEPOSIT,
  amount: '0.00105',
  feeEstimated: '0.001',
  feePaid: '0.001',
  hash: `0x${'a'.repeat(64)}`,
  state: 4,
  blockNumber: 41,
  reason: '',
  createdAt: '2026-11-22T07:00:05Z',
  broadcastAt: '2026-11-22T07:00:06Z',
  confirmedAt: '2026-11-22T07:00:10Z',
  ...overrides,
});

/** The row with its two steps: a fee top-up from the fee wallet, then the sweep to a cold address. */
export const collectionDetail = (row: CollectionRow): CollectionDetail => ({
  ...row,
  steps: [
    step({}),
    step({ kind: 3, fromAddress: row.address, toAddress: COLD, amount: row.amount ?? '0', hash: `0x${'b'.repeat(64)}`, blockNumber: 44, feeEstimated: '0.001', feePaid: '0.001' }),
  ],
});

/** Fee settings: the devchain with a fee wallet and a cap, TRON with none, unless overridden. */
export const chainFees = (overrides: Partial<ChainFees> = {}): ChainFees => ({
  chainId: 1337,
  chainname: 'Devchain',
  symbol: 'DEV',
  feeWalletId: 4,
  feeWalletAddress: FEE_WALLET,
  feeWalletStatus: 0,
  maxFee: '0.01',
  ...overrides,
});

export const ADDRESSES = { DEPOSIT, FEE_WALLET, COLD };
