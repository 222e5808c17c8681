import { Empty, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { listRates, type Rate } from '@/api/rates';
import type { ListColumn } from '@/components/list/columnSettings';
import ListCard from '@/components/list/ListCard';
import PagedTable from '@/components/list/PagedTable';
import { useWholeList } from '@/hooks/usePagedQuery';
import { zoneTime } from '@/pages/orders/orderFields';
import { StatusTag } from '@/pages/orders/StatusTags';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { chargeModeLabel, exactRateText, payModeLabel, RATE_STATUS, rateText, serviceLabel } from './rateRows';

/**
 * The rate line, rounded as every amount; the exact line on hover and in `data-exact`. It may
 * wrap (unlike a lone amount), so the table fits at 1200 px.
 */
function RateCell({ rate }: { rate: Rate }) {
  const { t } = useTranslation();
  const shown = rateText(t, rate);
  const exact = exactRateText(t, rate);
  return (
    <Tooltip title={exact === shown ? undefined : exact}>
      <span data-testid="rate-text" data-exact={exact}>
        {shown}
      </span>
    </Tooltip>
  );
}

function rateColumns(t: TFunction, timeZone: number | null): Array<ListColumn<Rate>> {
  return [
    { title: t('service_name'), dataIndex: 'service', key: 'service', render: (value: number) => <span data-testid="rate-service">{serviceLabel(t, value)}</span> },
    // Widths let the long texts wrap (the table is as wide as its content otherwise), so it fits at 1200 px.
    { title: t('service_charge_mode'), dataIndex: 'chargeMode', key: 'chargeMode', width: 120, render: (value: number) => <span data-testid="rate-mode">{chargeModeLabel(t, value)}</span> },
    { title: t('service_rate'), key: 'rate', width: 240, render: (_: unknown, row) => <RateCell rate={row} /> },
    { title: t('service_pay_mode'), dataIndex: 'payMode', key: 'payMode', width: 160, render: (value: number) => <span data-testid="rate-pay">{payModeLabel(t, value)}</span> },
    { title: t('service_valid_from'), dataIndex: 'validFrom', key: 'validFrom', render: (value: string) => <span data-testid="rate-from">{zoneTime(value, timeZone)}</span> },
    // An open row has no end: "—" (its status says it is in force).
    { title: t('service_valid_to'), dataIndex: 'validTo', key: 'validTo', render: (value: string | null) => <span data-testid="rate-to">{zoneTime(value, timeZone)}</span> },
    { title: t('status'), dataIndex: 'status', key: 'status', render: (value: number) => <StatusTag map={RATE_STATUS} value={value} testId="rate-status" /> },
  ];
}

/** Service list › Rates: the merchant's rate card, current and past rows, newest first; read-only. */
export default function RatesTab() {
  const { t } = useTranslation();
  const timeZone = useMerchantTimeZone();
  const rates = useWholeList<Rate>(listRates);
  return (
    <ListCard title={t('service_tab_rates')} testId="service-rates" tip={t('service_rates_tip')}>
      <PagedTable<Rate>
        list={rates}
        listId="service-rates"
        columns={rateColumns(t, timeZone)}
        locale={{ emptyText: <Empty description={t('service_rates_empty')} data-testid="service-rates-empty" /> }}
        rowProps={(row) => ({ 'data-testid': `rate-row-${row.id}` })}
      />
    </ListCard>
  );
}
