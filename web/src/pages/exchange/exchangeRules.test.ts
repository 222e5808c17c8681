import { describe, expect, it } from 'vitest';
import { DEVCHAIN_PAIR, pairView } from '@/test/exchanges';
import { isHeld, isPaidOut, pairText, pairsWithin } from './exchangeRules';

describe('exchange rules', () => {
  it("keeps a token's own pairs, with the token in or out, on its chain only", () => {
    const back = pairView(3, { chainId: 1337, tokenIn: { tokenId: null, symbol: 'DEV', decimals: 18 }, tokenOut: { tokenId: 1, symbol: 'USDT', decimals: 6 } });
    const other = pairView(4, { chainId: 1337, tokenIn: { tokenId: 9, symbol: 'USDC', decimals: 6 } });
    const tron = pairView(1, { tokenIn: { tokenId: 1, symbol: 'X', decimals: 6 } }); // token id 1 on another chain
    const pairs = [tron, DEVCHAIN_PAIR, back, other];
    expect(pairsWithin(pairs, {}).map((pair) => pair.id)).toEqual([1, 2, 3, 4]);
    expect(pairsWithin(pairs, { chainId: 1337, tokenId: 1 }).map((pair) => pair.id)).toEqual([2, 3]);
    expect(pairsWithin(pairs, { chainId: 1337 }).map((pair) => pair.id)).toEqual([2, 3, 4]);
  });

  it('says token OUT left the wallet only once the payout is sent or complete, and a decision applies to a held one only', () => {
    expect([0, 7, 2, 6, 8, 1, 12, 13, 14, 10].filter(isPaidOut)).toEqual([6, 8]);
    expect([0, 7, 2, 6, 8, 1, 12, 13, 14, 10].filter(isHeld)).toEqual([1]);
    expect(pairText('USDT', 'TRX')).toBe('USDT → TRX');
  });
});
