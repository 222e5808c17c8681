import type { ComponentType } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@/locales/types';
import BillsTab from './BillsTab';
import RatesTab from './RatesTab';

/** The tabs of the screen, in order: a new tab is one entry here. */
const TABS: ReadonlyArray<{ key: string; label: TranslationKey; Content: ComponentType }> = [
  { key: 'rates', label: 'service_tab_rates', Content: RatesTab },
  { key: 'bills', label: 'service_tab_bills', Content: BillsTab },
];

/** Service list (menu 10): what the provider charges for its services and the monthly bills, one tab per subject. */
export default function ServiceListPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="service-list">
      <Tabs
        destroyOnHidden
        items={TABS.map(({ key, label, Content }) => ({
          key,
          label: <span data-testid={`service-tab-${key}`}>{t(label)}</span>,
          children: <Content />,
        }))}
      />
    </div>
  );
}
