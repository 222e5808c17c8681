import { useMemo } from 'react';
import type { Asset } from '@/api/assets';
import { exchangeSummary, pageExchanges, pushExchange, type ExchangeDetail, type ExchangeRow } from '@/api/exchange';
import OrderScreen from '@/pages/orders/OrderScreen';
import type { OrderSource } from '@/pages/orders/orderKind';
import { EXCHANGE_COLUMNS } from '@/pages/orders/purpose';
import { PAGES, PERMISSIONS } from '@/router/permissions';
import { EXCHANGE_KIND } from './exchangeKind';
import { useExchangeDecision } from './useExchangeDecision';

// The exchange order lists: Token › Trade's Orders tab (menu 204) and a token's own exchanges on
// Token detail › Trade (the same list, its chain and token fixed: token in or out).

type ExchangeSource = OrderSource<ExchangeRow, ExchangeDetail>;

/** Re-push with 20403; a held exchange is paid out or refunded from its detail with 20402. */
const EXCHANGE_ORDERS: ExchangeSource = {
  kind: EXCHANGE_KIND,
  menuId: PAGES.trade,
  titleKey: 'exchange_orders',
  tipKey: 'exchange_orders_tip',
  countKey: 'summary_exchanges',
  csvPrefix: 'exchanges',
  exportPath: '/api/v2/exchange/export',
  purpose: { lineKey: 'exchange_orders_purpose', lead: EXCHANGE_COLUMNS },
  pushPermission: PERMISSIONS.tradePush,
  page: (query) => pageExchanges(query),
  summary: exchangeSummary,
  push: pushExchange,
  useExtras: useExchangeDecision,
};

/** Token › Trade › Orders. */
export function ExchangeOrders() {
  return <OrderScreen source={EXCHANGE_ORDERS} />;
}

/** Token detail › Trade: the exchanges paying in or out the asset's token, on its chain. */
export function TokenExchangeOrders({ asset }: { asset: Pick<Asset, 'chainId' | 'tokenId'> }) {
  const { chainId, tokenId } = asset;
  const source = useMemo<ExchangeSource>(() => ({ ...EXCHANGE_ORDERS, menuId: PAGES.tokenDetail, fixedFilters: { chainId, tokenId } }), [chainId, tokenId]);
  return <OrderScreen source={source} />;
}
