import type { ComponentType } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { TranslationKey } from '@/locales/types';
import { ExchangeOrders } from '@/pages/exchange/ExchangePages';
import PairsTab from './PairsTab';

/** The tabs of the screen, in order: the pairs first (what a merchant sets up), then the exchanges made on them. */
const TABS: ReadonlyArray<{ key: string; label: TranslationKey; Content: ComponentType }> = [
  { key: 'pairs', label: 'trade_pairs', Content: PairsTab },
  { key: 'orders', label: 'trade_tab_orders', Content: ExchangeOrders },
];

/** Token › Trade (menu 204): the merchant's trade pairs, and the exchange orders made on them. */
export default function TradePage() {
  const { t } = useTranslation();
  // `?tab=orders` opens the orders (Home's "Exchanges held for review" links there).
  const [params, setParams] = useSearchParams();
  const active = TABS.some((tab) => tab.key === params.get('tab')) ? params.get('tab')! : TABS[0].key;
  return (
    <div data-testid="trade">
      <Tabs
        destroyOnHidden
        activeKey={active}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={TABS.map(({ key, label, Content }) => ({
          key,
          label: <span data-testid={`trade-tab-${key}`}>{t(label)}</span>,
          children: <Content />,
        }))}
      />
    </div>
  );
}
