import { useEffect } from 'react';
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveCollectionFees, type ChainFees } from '@/api/collection';
import FormModal, { type DialogSpec } from '@/components/FormModal';
import { GoogleCodeField, googleCodeOf, refusal } from '@/pages/system/shared';
import { HotWalletLabel, NoHotWalletAlert, useChainHotWallets } from '@/pages/token/HotWalletChoice';
import { toast } from '@/utils/feedback';
import { isPositiveAmount } from './collectRules';

interface FeeValues {
  feeWalletId?: number | null;
  maxFee?: string;
  googleCode?: string;
}

const SPEC: DialogSpec = { name: 'collection-fees', width: 560, testId: 'fees-modal', okKey: 'save' };

interface CollectionFeesModalProps {
  /** The chain's settings being edited; null: closed. */
  chain: ChainFees | null;
  /** The native coin's decimals (the cap may not have more). */
  decimals: number;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * One chain's fee wallet (one of the merchant's hot wallets on it, or none) and cap per collection
 * ("" for none), saved with the Google code. The server's refusal shows in the dialog.
 */
export default function CollectionFeesModal({ chain, decimals, onClose, onSaved }: CollectionFeesModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FeeValues>();
  const { wallets, failed } = useChainHotWallets(chain?.chainId);

  useEffect(() => {
    if (chain) form.setFieldsValue({ feeWalletId: chain.feeWalletId, maxFee: chain.maxFee });
  }, [chain, form]);

  // The wallet in force stays choosable when the list cannot be read (a role without 205).
  const listed = wallets ?? [];
  const current =
    chain && chain.feeWalletId !== null && !listed.some((wallet) => wallet.id === chain.feeWalletId)
      ? [{ id: chain.feeWalletId, address: chain.feeWalletAddress ?? '', remark: '', status: chain.feeWalletStatus ?? 0 }]
      : [];
  const options = [...current, ...listed].map((wallet) => ({
    value: wallet.id,
    title: wallet.address,
    label: <HotWalletLabel wallet={wallet} testId={`fees-wallet-option-${wallet.id}`} />,
  }));

  const submit = async (values: FeeValues) => {
    await saveCollectionFees({
      chainId: chain!.chainId,
      feeWalletId: values.feeWalletId ?? null,
      maxFee: (values.maxFee ?? '').trim(),
      googleCode: googleCodeOf(values),
    });
    toast.success(t('saved_successfully'));
    onSaved();
  };

  return (
    <FormModal<FeeValues>
      spec={SPEC}
      open={chain !== null}
      title={chain ? t('collection_fees_edit_title', { chain: chain.chainname }) : ''}
      form={form}
      onSubmit={submit}
      onCancel={onClose}
      refusal={{ testId: 'fees-error', message: refusal }}
      intro={<Typography.Paragraph type="secondary">{t('collection_fees_tip')}</Typography.Paragraph>}
    >
      <Form.Item name="feeWalletId" label={t('collection_fee_wallet')} extra={t('collection_fee_wallet_tip')}>
        <Select
          allowClear
          options={options}
          loading={chain !== null && wallets === null}
          placeholder={t('collection_fee_wallet_none')}
          data-testid="fees-wallet-select"
        />
      </Form.Item>
      {wallets !== null && wallets.length === 0 && (
        <NoHotWalletAlert failed={failed} testId="fees-no-wallet" />
      )}
      <Form.Item
        name="maxFee"
        label={t('collection_max_fee')}
        extra={t('collection_max_fee_tip', { symbol: chain?.symbol ?? '' })}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              !value?.trim() || isPositiveAmount(value, decimals)
                ? Promise.resolve()
                : Promise.reject(new Error(t('collection_max_fee_invalid', { symbol: chain?.symbol ?? '', decimals }))),
          },
        ]}
      >
        <Input inputMode="decimal" allowClear placeholder={t('collection_max_fee_none')} suffix={chain?.symbol} data-testid="fees-max-input" />
      </Form.Item>
      <GoogleCodeField testId="fees" />
    </FormModal>
  );
}
