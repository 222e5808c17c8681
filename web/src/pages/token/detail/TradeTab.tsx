import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@/api/assets';
import { useAccess } from '@/hooks/useAccess';
import { TokenExchangeOrders } from '@/pages/exchange/ExchangePages';
import { PAGES } from '@/router/permissions';

/** Trade tab: the exchanges paying the token in or out on its chain, for roles holding Token › Trade (204). */
export default function TradeTab({ asset }: { asset: Asset }) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  if (!hasPermission(PAGES.trade)) return <Alert type="info" showIcon message={t('exchange_no_access')} data-testid="detail-trade-no-access" />;
  return <TokenExchangeOrders asset={asset} />;
}
