import { useEffect, useMemo } from 'react';
import { Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TxType, type OrderFilters, type OrderStatus } from '@/api/orders';
import type { ChainNode } from '@/api/types';
import FilterBar, { ChainFilter, PeriodFilter, StatusFilter } from '@/components/list/FilterBar';
import { periodMessageKey, requiredPeriod, toOrderFilters, type OrderFilterValues } from './orderFilters';
import { ORDER_STATUS, TX_TYPE } from './statuses';

interface OrderFilterBarProps {
  /** The merchant's zone: the picked days are sent as that zone's day boundaries. */
  timeZone: number | null;
  chains: readonly ChainNode[];
  /** The transaction list filters by type too. */
  withType: boolean;
  /** The period the form starts with and returns to on Reset (the last 7 days). */
  initialRange: [Dayjs, Dayjs];
  /** The states the status filter offers (the kind's). */
  statuses: readonly OrderStatus[];
  /** The status the form starts with and returns to on Reset (withdraw check: 1). */
  initialStatus?: OrderStatus;
  /** Withdrawals filter by the merchant's order number too. */
  withMerchantOrderNo: boolean;
  onSearch: (filters: OrderFilters) => void;
}

/**
 * Date range (required), chain, token, status, address, hash, order number and OpenID. Search
 * returns to page 1; Reset restores the default period (and status) and clears the rest.
 */
export default function OrderFilterBar({
  timeZone,
  chains,
  withType,
  initialRange,
  statuses,
  initialStatus,
  withMerchantOrderNo,
  onSearch,
}: OrderFilterBarProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OrderFilterValues>();
  const chainId = Form.useWatch('chainId', form);

  const tokenOptions = useMemo(
    () =>
      chains
        .filter((chain) => chainId === undefined || chainId === null || chain.chainid === chainId)
        .flatMap((chain) =>
          chain.tokens.map((token) => ({
            value: token.tokenid,
            label: chainId === undefined || chainId === null ? `${token.symbol} · ${chain.chainname}` : token.symbol,
          })),
        ),
    [chains, chainId],
  );

  // A token of another chain no longer fits the chosen chain.
  useEffect(() => {
    const tokenId = form.getFieldValue('tokenId');
    if (tokenId !== undefined && tokenId !== null && !tokenOptions.some((option) => option.value === tokenId)) {
      form.setFieldValue('tokenId', undefined);
    }
  }, [form, tokenOptions]);

  const search = (values: OrderFilterValues) => {
    const filters = toOrderFilters(values, timeZone);
    if (filters) onSearch(filters); // otherwise the period's rule already says why
  };

  return (
    <FilterBar
      form={form}
      testId="deposit-filters"
      onSearch={search}
      onReset={() => search(form.getFieldsValue())}
      initialValues={{ period: initialRange, status: initialStatus }}
    >
      <PeriodFilter
        problem={(range) => {
          const period = requiredPeriod(range, timeZone);
          return period.ok ? null : t(periodMessageKey(period.reason));
        }}
      />
      <ChainFilter chains={chains} />
      <Form.Item name="tokenId">
        <Select allowClear className="coffer-filter-select" placeholder={t('filter_all_tokens')} options={tokenOptions} data-testid="filter-token" />
      </Form.Item>
      <StatusFilter statuses={statuses} views={ORDER_STATUS} />
      {withType && (
        <Form.Item name="type">
          <Select
            allowClear
            className="coffer-filter-select"
            placeholder={t('filter_all_types')}
            options={[
              { value: TxType.Deposit, label: t(TX_TYPE[TxType.Deposit].key) },
              { value: TxType.Withdrawal, label: t('text_with_note', { text: t(TX_TYPE[TxType.Withdrawal].key), note: t('tx_type_later') }), disabled: true },
            ]}
            data-testid="filter-type"
          />
        </Form.Item>
      )}
      <Form.Item name="address">
        <Input allowClear placeholder={t('filter_any_address')} className="coffer-filter-input" data-testid="filter-address" />
      </Form.Item>
      <Form.Item name="hash">
        <Input allowClear placeholder={t('filter_hash')} className="coffer-filter-input" data-testid="filter-hash" />
      </Form.Item>
      <Form.Item name="orderNo">
        <Input allowClear placeholder={t('filter_order_no')} data-testid="filter-order-no" />
      </Form.Item>
      {withMerchantOrderNo && (
        <Form.Item name="merchantOrderNo">
          <Input allowClear placeholder={t('merchant_order_no')} data-testid="filter-merchant-order-no" />
        </Form.Item>
      )}
      <Form.Item name="openId">
        <Input allowClear placeholder={t('filter_openid')} data-testid="filter-openid" />
      </Form.Item>
    </FilterBar>
  );
}
