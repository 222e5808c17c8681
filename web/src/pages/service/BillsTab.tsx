import { useState } from 'react';
import { Button, Empty, Space, Tooltip, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { billingAddresses, pageBills, type Bill, type BillFilters, type BillingAddress } from '@/api/bills';
import FilterBar from '@/components/list/FilterBar';
import { actionsColumn, type ListColumn } from '@/components/list/columnSettings';
import { compactFilters, statusField, type FilterField } from '@/components/list/filterFields';
import ListCard from '@/components/list/ListCard';
import PagedTable from '@/components/list/PagedTable';
import { useAccess } from '@/hooks/useAccess';
import { usePagedQuery, useWholeList } from '@/hooks/usePagedQuery';
import { zoneTime } from '@/pages/orders/orderFields';
import { AmountText, HashText, StatusTag } from '@/pages/orders/StatusTags';
import { PERMISSIONS } from '@/router/permissions';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import BillingAddresses from './BillingAddresses';
import BillLines from './BillLines';
import { BILL_STATUS, BILL_STATUSES, canMarkPaid, explorerHref } from './billRows';
import PayBillModal from './PayBillModal';

const FILTER_FIELDS: ReadonlyArray<FilterField<BillFilters>> = [statusField(BILL_STATUSES, BILL_STATUS)];

function billColumns(t: TFunction, timeZone: number | null): Array<ListColumn<Bill>> {
  const amount = (key: 'amount' | 'paid' | 'due', title: string): ListColumn<Bill> => ({
    title,
    dataIndex: key,
    key,
    align: 'right',
    render: (value: string) => <AmountText amount={value} testId={`bill-${key}`} />,
  });
  return [
    {
      title: t('bill_period'),
      dataIndex: 'period',
      key: 'period',
      // The month is the billing zone's, named under it (the times are the merchant's zone).
      render: (value: string, bill) => (
        <Space direction="vertical" size={0}>
          <span data-testid="bill-period">{value}</span>
          <Typography.Text type="secondary" className="coffer-nowrap" data-testid="bill-zone">
            {bill.timeZone}
          </Typography.Text>
        </Space>
      ),
    },
    amount('amount', t('bill_amount')),
    amount('paid', t('bill_paid')),
    amount('due', t('bill_due')),
    {
      title: t('status'),
      dataIndex: 'status',
      key: 'status',
      width: 260,
      render: (value: number, bill) => (
        <Space direction="vertical" size={4}>
          <StatusTag map={BILL_STATUS} value={value} testId="bill-status" />
          {bill.reason && (
            <Typography.Text type="danger" data-testid="bill-reason">
              {t('bill_not_accepted', { reason: bill.reason })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('bill_payment'),
      dataIndex: 'payment',
      key: 'payment',
      render: (payment: Bill['payment']) =>
        payment ? (
          <Space direction="vertical" size={0}>
            <HashText hash={payment.hash} txurl={null} href={explorerHref(payment.explorerUrl)} testId="bill-hash" />
            <Typography.Text type="secondary">{payment.chainName}</Typography.Text>
          </Space>
        ) : (
          '—'
        ),
    },
    { title: t('bill_issued'), dataIndex: 'issuedAt', key: 'issuedAt', secondary: true, render: (value: string) => zoneTime(value, timeZone) },
    { title: t('bill_paid_time'), dataIndex: 'paidAt', key: 'paidAt', secondary: true, render: (value: string | null) => zoneTime(value, timeZone) },
  ];
}

/** "I have paid" on a bill to be paid; disabled while there is no billing address to pay to. */
function PayButton({ bill, payable, onPay }: { bill: Bill; payable: boolean; onPay: (bill: Bill) => void }) {
  const { t } = useTranslation();
  if (!canMarkPaid(bill)) return null;
  return (
    <Tooltip title={payable ? undefined : t('bill_pay_no_address')}>
      <Button size="small" type="primary" ghost icon={<CheckCircleOutlined />} disabled={!payable} onClick={() => onPay(bill)} data-testid="bill-pay">
        {t('bill_pay')}
      </Button>
    </Tooltip>
  );
}

/**
 * Service list › Bills: where to pay, then the merchant's monthly bills, newest period first,
 * filtered by status; a bill expands to its lines and its payment. "I have paid" for roles
 * holding BILL_PAY.
 */
export default function BillsTab() {
  const { t } = useTranslation();
  const timeZone = useMerchantTimeZone();
  const { hasPermission } = useAccess();
  const addresses = useWholeList<BillingAddress>(billingAddresses);
  const [initialFilters] = useState<BillFilters>({});
  const list = usePagedQuery<Bill, BillFilters>(pageBills, initialFilters);
  const [paying, setPaying] = useState<{ bill: Bill | null; open: boolean }>({ bill: null, open: false });

  const columns = billColumns(t, timeZone);
  if (hasPermission(PERMISSIONS.billPay)) {
    const payable = addresses.rows.length > 0;
    columns.push(actionsColumn(t('actions'), (bill) => <PayButton bill={bill} payable={payable} onPay={(chosen) => setPaying({ bill: chosen, open: true })} />));
  }
  const close = () => setPaying((current) => ({ ...current, open: false }));

  return (
    <div data-testid="service-bills">
      <BillingAddresses addresses={addresses} />
      <ListCard title={t('bills_list')} testId="service-bills-list" tip={t('bills_tip')}>
        <FilterBar<BillFilters, BillFilters> fields={FILTER_FIELDS} testId="bills-filters" toFilters={compactFilters} onSearch={list.search} searchOnChange />
        <PagedTable<Bill>
          list={list}
          listId="service-bills"
          columns={columns}
          locale={{ emptyText: <Empty description={t('bills_empty')} data-testid="service-bills-empty" /> }}
          expandable={{ expandedRowRender: (bill) => <BillLines bill={bill} timeZone={timeZone} /> }}
          rowProps={(bill) => ({ 'data-testid': `bill-row-${bill.id}` })}
        />
      </ListCard>
      <PayBillModal
        open={paying.open}
        bill={paying.bill}
        addresses={addresses.rows}
        onClose={close}
        onSubmitted={() => {
          close();
          list.reload();
        }}
      />
    </div>
  );
}
