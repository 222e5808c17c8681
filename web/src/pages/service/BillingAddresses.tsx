import { Alert, Card, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BillingAddress } from '@/api/bills';
import type { ListColumn } from '@/components/list/columnSettings';
import PagedTable from '@/components/list/PagedTable';
import type { PagedList } from '@/hooks/usePagedQuery';

function addressColumns(t: TFunction): Array<ListColumn<BillingAddress>> {
  return [
    { title: t('chain'), dataIndex: 'chainName', key: 'chainName', render: (value: string) => <span data-testid="billing-chain">{value}</span> },
    {
      title: t('bills_address'),
      dataIndex: 'address',
      key: 'address',
      // In full: the merchant copies it into a wallet, a shortened address invites a mistake.
      render: (value: string) => (
        <Typography.Text code copyable={{ text: value }} className="coffer-address" data-testid="billing-address">
          {value}
        </Typography.Text>
      ),
    },
    { title: t('bills_token'), dataIndex: 'token', key: 'token', render: (value: string) => <span data-testid="billing-token">{value}</span> },
    {
      title: t('bills_confirmations'),
      dataIndex: 'confirmations',
      key: 'confirmations',
      render: (value: number) => <span data-testid="billing-confirmations">{t('bills_confirmations_text', { confirmations: value })}</span>,
    },
  ];
}

/**
 * Where bills are paid: the platform's billing address on each chain, in its token, or, before
 * the operator has set billing up, the notice that bills cannot be paid on chain yet.
 */
export default function BillingAddresses({ addresses }: { addresses: PagedList<BillingAddress> }) {
  const { t } = useTranslation();
  const notSetUp = !addresses.loading && !addresses.failed && addresses.rows.length === 0;
  return (
    <Card title={t('bills_where_to_pay')} className="coffer-card coffer-gap-bottom" data-testid="billing-addresses">
      {notSetUp ? (
        <Alert type="warning" showIcon message={t('bills_not_set_up')} data-testid="billing-not-set-up" />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('bills_where_to_pay_tip')}</Typography.Paragraph>
          <PagedTable<BillingAddress>
            list={addresses}
            columns={addressColumns(t)}
            rowKey="chainId"
            rowProps={(row) => ({ 'data-testid': `billing-row-${row.chainId}` })}
          />
        </>
      )}
    </Card>
  );
}
