import { useMemo, useState } from 'react';
import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { energyProfile, pageEnergyOrders, type EnergyOrder, type EnergyOrderFilters, type EnergyProfile } from '@/api/energy';
import { useLatestAnswer } from '@/hooks/useLatestAnswer';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import { useHomeConfig } from '@/pages/token/useHomeConfig';
import BuyEnergyCard from './BuyEnergyCard';
import EnergyOrdersCard from './EnergyOrdersCard';
import EnergyProfileCard from './EnergyProfileCard';
import SmartCollectionCard from './SmartCollectionCard';
import { tronChains } from './energyRules';

/**
 * Token › Energy (menu 203): the TRX points and the month's energy, buying energy for a receiving
 * address (a price first, then the order with the Google code), the smart-collection switches,
 * and the orders. An order placed reads the profile and the list (page 1, where it shows) again.
 */
export default function EnergyPage() {
  const { t } = useTranslation();
  const { chains, loading } = useHomeConfig();
  const tron = useMemo(() => tronChains(chains), [chains]);
  const profile = useLatestAnswer<EnergyProfile | null>(energyProfile, null, []);
  const [initialFilters] = useState<EnergyOrderFilters>({});
  const orders = usePagedQuery<EnergyOrder, EnergyOrderFilters>(pageEnergyOrders, initialFilters);
  const ordered = () => {
    profile.reload();
    orders.reloadFirstPage();
  };
  return (
    <div data-testid="energy">
      <Alert type="info" showIcon className="coffer-gap-bottom" message={t('energy_tip')} />
      <EnergyProfileCard profile={profile.answer} loading={profile.loading} chains={tron} />
      <SmartCollectionCard smart={profile.answer?.smartCollection ?? null} saving={profile.answer?.smartSaving ?? null} loading={profile.loading} />
      {loading ? (
        <Card title={t('energy_buy')} className="coffer-card coffer-gap-bottom" loading />
      ) : tron.length === 0 ? (
        <Alert type="warning" showIcon className="coffer-gap-bottom" message={t('energy_no_tron')} data-testid="energy-no-tron" />
      ) : (
        <BuyEnergyCard chains={tron} onOrdered={ordered} />
      )}
      <EnergyOrdersCard list={orders} onSearch={orders.search} />
    </div>
  );
}
