import type { PairView } from '@/api/exchange';
import { OrderStatus } from '@/api/orders';
import type { FixedFilters } from '@/pages/orders/orderKind';

// Pure rules of the exchange order screens (Token › Trade › Orders, Token detail › Trade).
// Amounts and rates stay the server's decimal texts: nothing here goes through a float.

/** "USDT → TRX": a pair, token IN first. */
export const pairText = (tokenIn: string, tokenOut: string): string => `${tokenIn} → ${tokenOut}`;

/** Token OUT has left the payout wallet: its payout broadcast, or the exchange complete. */
export const isPaidOut = (status: number): boolean => status === OrderStatus.Processing || status === OrderStatus.Complete;

/** Held for a person: the only state a decision (pay out, refund) applies to. */
export const isHeld = (status: number): boolean => status === OrderStatus.AwaitingReview;

/**
 * The pairs a list may be filtered by: every pair, or, where the screen fixes a chain and a
 * token (a token's own exchanges), the pairs of that chain with the token in or out.
 */
export function pairsWithin(pairs: readonly PairView[], fixed: FixedFilters): PairView[] {
  return pairs.filter(
    (pair) =>
      (fixed.chainId === undefined || pair.chainId === fixed.chainId) &&
      (fixed.tokenId === undefined || pair.tokenIn.tokenId === fixed.tokenId || pair.tokenOut.tokenId === fixed.tokenId),
  );
}
