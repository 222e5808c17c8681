import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { markBillPaid, type Bill, type BillingAddress } from '@/api/bills';
import FormModal, { type DialogSpec } from '@/components/FormModal';
import { txHashRules } from '@/pages/deposits/hashScanRules';
import { formatAmountDown } from '@/pages/token/tokenRules';
import { toast } from '@/utils/feedback';
import { initialPayChain, paidBody, payChainOptions } from './billRows';

interface PaidValues {
  chainId: number;
  hash: string;
}

interface PayBillModalProps {
  open: boolean;
  /** The bill being paid (kept while the dialog closes). */
  bill: Bill | null;
  addresses: readonly BillingAddress[];
  onClose: () => void;
  /** The server took the payment: the bill is confirming, the list is read again. */
  onSubmitted: () => void;
}

const DIALOG: DialogSpec = { name: 'bill-paid', width: 560, testId: 'bill-pay-modal' };

/**
 * "I have paid" (BILL_PAY): the chain of one of the billing addresses and the transaction hash
 * (64 hex, 0x optional). A refusal (bad hash, unknown chain, the bill no longer to be paid, the
 * transaction already on a bill) is the request layer's toast with the server's text, and the
 * dialog stays open.
 */
export default function PayBillModal({ open, bill, addresses, onClose, onSubmitted }: PayBillModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PaidValues>();
  const submit = async (values: PaidValues) => {
    if (!bill) return;
    await markBillPaid(paidBody(bill.id, values));
    toast.success(t('bill_pay_submitted'));
    onSubmitted();
  };
  return (
    <FormModal
      spec={DIALOG}
      open={open}
      title={t('bill_pay_title', { period: bill?.period ?? '' })}
      form={form}
      onSubmit={submit}
      onCancel={onClose}
      submitOnEnter
      formProps={{ initialValues: { chainId: initialPayChain(addresses) } }}
      intro={<Typography.Paragraph type="secondary">{t('bill_pay_tip', { due: formatAmountDown(bill?.due) })}</Typography.Paragraph>}
    >
      <Form.Item name="chainId" label={t('chain')} rules={[{ required: true, message: t('hash_scan_chain_required') }]}>
        <Select options={payChainOptions(addresses)} placeholder={t('chain')} data-testid="bill-pay-chain" />
      </Form.Item>
      <Form.Item name="hash" label={t('hash_scan_hash')} rules={txHashRules(t)}>
        <Input allowClear autoComplete="off" placeholder={t('hash_scan_hash_placeholder')} data-testid="bill-pay-hash" />
      </Form.Item>
    </FormModal>
  );
}
