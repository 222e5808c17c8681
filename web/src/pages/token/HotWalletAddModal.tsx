import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChainNode } from '@/api/types';
import FormModal, { type DialogProps, type DialogSpec } from '@/components/FormModal';
import { addHotWallet } from '@/api/wallets';
import { toast } from '@/utils/feedback';
import { REMARK_MAX } from './tokenRules';

interface HotWalletAddValues {
  chainId: number;
  remark?: string;
}

interface HotWalletAddModalProps extends DialogProps {
  chains: readonly ChainNode[];
}

const DIALOG: DialogSpec = { name: 'hot-wallet-add', titleKey: 'hot_wallet_add', width: 480, testId: 'hot-form' };

/** Derive a new payout wallet on a chain (20501): the server picks the next key of the seed. */
export default function HotWalletAddModal({ open, chains, onClose, onSaved }: HotWalletAddModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<HotWalletAddValues>();

  const submit = async (values: HotWalletAddValues) => {
    const remark = values.remark?.trim();
    await addHotWallet({ chainId: values.chainId, ...(remark ? { remark } : {}) }); // a refusal (the limit, an unknown chain) is toasted
    toast.success(t('added_successfully'));
    onSaved();
  };

  return (
    <FormModal spec={DIALOG} open={open} form={form} onSubmit={submit} onCancel={onClose}>
      <Form.Item name="chainId" label={t('chain')} rules={[{ required: true, message: t('token_choose_chain') }]}>
        <Select
          options={chains.map((chain) => ({ value: chain.chainid, label: chain.chainname }))}
          placeholder={t('chain')}
          data-testid="hot-form-chain"
        />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')} rules={[{ max: REMARK_MAX, message: t('remark_too_long', { max: REMARK_MAX }) }]}>
        <Input.TextArea rows={2} maxLength={REMARK_MAX} showCount data-testid="hot-form-remark" />
      </Form.Item>
    </FormModal>
  );
}
