import { useMemo } from 'react';
import { listPairs, type PairView } from '@/api/exchange';
import type { FilterField } from '@/components/list/filterFields';
import { useLatestAnswer } from '@/hooks/useLatestAnswer';
import type { OrderFilterValues } from '@/pages/orders/orderFilters';
import type { FixedFilters } from '@/pages/orders/orderKind';
import { pairsWithin, pairText } from './exchangeRules';

const NO_PAIRS: PairView[] = [];
const readPairs = () => listPairs({ silent: true });

/**
 * The exchange lists' pair filter (`filter-pair`): the merchant's pairs (read silently: without
 * them the filter offers none and the list still works), within what the screen fixes.
 */
export function usePairField(fixed: FixedFilters): FilterField<OrderFilterValues> {
  const { answer } = useLatestAnswer<PairView[]>(readPairs, NO_PAIRS, []);
  const { chainId, tokenId } = fixed;
  return useMemo(() => {
    const pairs = pairsWithin(answer, { chainId, tokenId });
    return {
      kind: 'select',
      name: 'pairId',
      testId: 'filter-pair',
      placeholder: 'exchange_all_pairs',
      options: () => pairs.map((pair) => ({ value: pair.id, label: `${pair.chainname} · ${pairText(pair.tokenIn.symbol, pair.tokenOut.symbol)}` })),
    };
  }, [answer, chainId, tokenId]);
}
