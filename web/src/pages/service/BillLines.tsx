import { Descriptions, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Bill, BillPayment } from '@/api/bills';
import { zoneTime } from '@/pages/orders/orderFields';
import { AmountText, HashText, StatusTag } from '@/pages/orders/StatusTags';
import { explorerHref, lineCountText, lineRows, PAYMENT_STATUS, type LineRow } from './billRows';
import { serviceLabel } from './rateRows';

/** The payment being checked or the last one: where, which transaction, how it stands, what was found. */
function PaymentDetails({ payment, timeZone }: { payment: BillPayment; timeZone: number | null }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={{ xs: 1, md: 3 }} className="coffer-gap-top" data-testid="bill-payment-details">
      <Descriptions.Item label={t('chain')}>{payment.chainName}</Descriptions.Item>
      <Descriptions.Item label={t('hash_scan_hash')}>
        <HashText hash={payment.hash} txurl={null} href={explorerHref(payment.explorerUrl)} testId="bill-payment-hash" />
      </Descriptions.Item>
      <Descriptions.Item label={t('status')}>
        <StatusTag map={PAYMENT_STATUS} value={payment.status} testId="bill-payment-status" />
      </Descriptions.Item>
      <Descriptions.Item label={t('bill_found')}>{payment.amount === null ? '—' : <AmountText amount={payment.amount} testId="bill-payment-amount" />}</Descriptions.Item>
      <Descriptions.Item label={t('bill_submitted')}>{zoneTime(payment.submittedAt, timeZone)}</Descriptions.Item>
      {payment.reason && (
        <Descriptions.Item label={t('bill_payment_status_3')}>
          <Typography.Text type="danger" data-testid="bill-payment-reason">
            {payment.reason}
          </Typography.Text>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** A bill's expanded row: its lines (service, the rate as billed, count, volume, amount), then its payment. */
export default function BillLines({ bill, timeZone }: { bill: Bill; timeZone: number | null }) {
  const { t } = useTranslation();
  const columns: ColumnsType<LineRow> = [
    { title: t('service_name'), dataIndex: 'service', key: 'service', render: (value: number) => <span data-testid="line-service">{serviceLabel(t, value)}</span> },
    // The terms as the server wrote them on the bill: the row may have changed since.
    { title: t('service_rate'), dataIndex: 'rate', key: 'rate', render: (value: string) => <span data-testid="line-rate">{value}</span> },
    { title: t('bill_count'), dataIndex: 'count', key: 'count', align: 'right', render: (_: number, line) => <span data-testid="line-count">{lineCountText(t, line)}</span> },
    { title: t('bill_volume'), dataIndex: 'volume', key: 'volume', align: 'right', render: (value: string | null) => <span data-testid="line-volume">{value ?? '—'}</span> },
    { title: t('bill_amount'), dataIndex: 'amount', key: 'amount', align: 'right', render: (value: string) => <AmountText amount={value} testId="line-amount" /> },
  ];
  return (
    <div data-testid={`bill-lines-${bill.id}`}>
      <Table<LineRow>
        size="small"
        pagination={false}
        dataSource={lineRows(bill)}
        columns={columns}
        scroll={{ x: 'max-content' }}
        onRow={(line) => ({ 'data-testid': `bill-line-${line.key}` }) as object}
      />
      {bill.payment && <PaymentDetails payment={bill.payment} timeZone={timeZone} />}
    </div>
  );
}
