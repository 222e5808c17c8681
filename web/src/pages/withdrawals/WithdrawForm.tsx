import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Select, type FormRule } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@/api/assets';
import type { ChainNode } from '@/api/types';
import { manualWithdraw, requestWithdraw, type WithdrawalRow } from '@/api/withdrawals';
import { HotWalletLabel, useChainHotWallets } from '@/pages/token/HotWalletChoice';
import { chainById } from '@/pages/token/tokenRules';
import { ServerError } from '@/components/FormModal';
import { useAddressRules } from '@/store/addressRules';
import { addressPlaceholder, isAddressFor } from '@/utils/addressRules';
import { GoogleCodeField, googleCodeOf, refusal, useGoogleBound } from '@/pages/system/shared';
import { DEFAULT_NATIVE_DECIMALS, tokenIdOf, tokenOptions, type TokenChoice } from '@/pages/token/tokenChoices';
import { OPEN_ID_MAX, REMARK_MAX, isMerchantOrderNo, isWithdrawAmount, optionalText } from './withdrawalRules';

interface WithdrawValues {
  chainId?: number;
  token?: TokenChoice;
  fromAddress?: string;
  toAddress?: string;
  amount?: string;
  merchantOrderNo?: string;
  openId?: string;
  remark?: string;
  googleCode?: string;
}

interface WithdrawFormProps {
  /** 'api': /withdraw (20601); 'manual': /manualWithdraw from a chosen hot wallet (20602). */
  mode: 'api' | 'manual';
  chains: readonly ChainNode[];
  /** The merchant's assets; null when they cannot be read (the chain's tokens are offered then). */
  assets: readonly Asset[] | null;
  /** The role holds the button: without it the form has no submit. */
  allowed: boolean;
  onCreated: (row: WithdrawalRow) => void;
}

/**
 * A withdrawal from the console: chain, token, target address (checked for the chain's family),
 * amount (positive, at most the token's decimals), optional merchant order number, OpenID and
 * remark, and the authenticator's code. The manual variant names the paying hot wallet instead.
 */
export default function WithdrawForm({ mode, chains, assets, allowed, onCreated }: WithdrawFormProps) {
  const { t } = useTranslation();
  const bound = useGoogleBound();
  const [form] = Form.useForm<WithdrawValues>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chainId = Form.useWatch('chainId', form);
  const token = Form.useWatch('token', form);
  const chain = chainById(chains, chainId);
  const addressShapes = useAddressRules(chain?.family);
  const options = useMemo(() => tokenOptions(chain, assets, (symbol) => t('text_with_note', { text: symbol, note: t('wd_native_coin') })), [chain, assets, t]);
  const decimals = options.find((option) => option.value === token)?.decimals ?? DEFAULT_NATIVE_DECIMALS;
  const { wallets, failed } = useChainHotWallets(mode === 'manual' ? chainId : undefined);
  const testId = (name: string) => `${mode === 'manual' ? 'manual' : 'withdraw'}-${name}`;

  // A new chain drops the token and wallet of the previous one; a new token re-checks the amount.
  useEffect(() => {
    form.setFieldsValue({ token: undefined, fromAddress: undefined });
  }, [form, chainId]);
  useEffect(() => {
    if (form.getFieldValue('amount')) void form.validateFields(['amount']).catch(() => undefined);
  }, [form, decimals]);

  const amountRules: FormRule[] = [
    { required: true, whitespace: true, message: t('amount_empty') },
    {
      validator: (_, value: string | undefined) =>
        !value?.trim() || isWithdrawAmount(value, decimals) ? Promise.resolve() : Promise.reject(new Error(t('wd_amount_invalid', { decimals }))),
    },
  ];
  const addressRules: FormRule[] = [
    { required: true, whitespace: true, message: t('sys_address_empty') },
    {
      validator: (_, value: string | undefined) =>
        !value?.trim() || isAddressFor(value, addressShapes) ? Promise.resolve() : Promise.reject(new Error(t('sys_address_invalid'))),
    },
  ];
  const lengthRule = (max: number): FormRule => ({
    validator: (_, value: string | undefined) =>
      [...(value ?? '').trim()].length <= max ? Promise.resolve() : Promise.reject(new Error(t('wd_text_too_long', { max }))),
  });

  const submit = async (values: WithdrawValues) => {
    if (!bound || !allowed) return; // the form says to bind first; nothing is sent
    setError(null);
    const common = {
      chainId: values.chainId!,
      tokenId: tokenIdOf(values.token!),
      toAddress: values.toAddress!.trim(),
      amount: values.amount!,
      googleCode: googleCodeOf(values),
    };
    setBusy(true);
    let created: WithdrawalRow;
    try {
      created =
        mode === 'manual'
          ? await manualWithdraw({ ...common, fromAddress: values.fromAddress!, ...optionalText(values, ['remark'] as const) })
          : await requestWithdraw({ ...common, ...optionalText(values, ['merchantOrderNo', 'openId', 'remark'] as const) });
    } catch (failure) {
      setError(refusal(failure));
      return;
    } finally {
      setBusy(false);
    }
    form.resetFields();
    onCreated(created);
  };

  const walletOptions = (wallets ?? []).map((wallet) => ({
    value: wallet.address,
    title: wallet.address,
    disabled: wallet.status === 1,
    label: <HotWalletLabel wallet={wallet} />,
  }));

  return (
    <Form form={form} layout="vertical" requiredMark={false} name={`withdraw-${mode}`} onFinish={submit} onValuesChange={() => setError(null)} className="coffer-withdraw-form" data-testid={testId('form')}>
      {assets === null && <Alert type="warning" showIcon className="coffer-gap-bottom" message={t('wd_assets_unreadable')} data-testid={testId('assets-unreadable')} />}
      <Form.Item name="chainId" label={t('chain')} rules={[{ required: true, message: t('wd_chain_empty') }]}>
        <Select options={chains.map((node) => ({ value: node.chainid, label: node.chainname }))} placeholder={t('wd_chain_empty')} data-testid={testId('chain')} />
      </Form.Item>
      <Form.Item
        name="token"
        label={t('deposit_token')}
        rules={[{ required: true, message: t('wd_token_empty') }]}
        extra={chain && options.length === 0 ? <span data-testid={testId('no-token')}>{t('wd_no_token')}</span> : undefined}
      >
        <Select options={options.map(({ value, label }) => ({ value, label }))} disabled={!chain} placeholder={t('wd_token_empty')} data-testid={testId('token')} />
      </Form.Item>
      {mode === 'manual' && (
        <Form.Item
          name="fromAddress"
          label={t('wd_from_wallet')}
          rules={[{ required: true, message: t('wd_from_empty') }]}
          extra={failed ? <span data-testid="manual-wallets-unreadable">{t('wd_wallets_unreadable')}</span> : undefined}
        >
          <Select options={walletOptions} loading={chainId !== undefined && wallets === null} disabled={!chain} placeholder={t('wd_from_empty')} data-testid="manual-from" />
        </Form.Item>
      )}
      <Form.Item name="toAddress" label={t('to_address')} rules={addressRules}>
        <Input autoComplete="off" placeholder={addressPlaceholder(addressShapes)} data-testid={testId('to')} />
      </Form.Item>
      <Form.Item name="amount" label={t('wd_quantity')} rules={amountRules}>
        <Input inputMode="decimal" autoComplete="off" placeholder="0.00" data-testid={testId('amount')} />
      </Form.Item>
      {mode === 'api' && (
        <>
          <Form.Item
            name="merchantOrderNo"
            label={t('merchant_order_no')}
            extra={t('wd_merchant_order_no_tip')}
            rules={[{ validator: (_, value: string | undefined) => (isMerchantOrderNo(value) ? Promise.resolve() : Promise.reject(new Error(t('wd_merchant_order_no_invalid')))) }]}
          >
            <Input autoComplete="off" data-testid="withdraw-merchant-order-no" />
          </Form.Item>
          <Form.Item name="openId" label={t('openid')} rules={[lengthRule(OPEN_ID_MAX)]}>
            <Input autoComplete="off" data-testid="withdraw-openid" />
          </Form.Item>
        </>
      )}
      <Form.Item name="remark" label={t('wd_remark')} rules={[lengthRule(REMARK_MAX)]}>
        <Input.TextArea rows={2} showCount maxLength={REMARK_MAX} data-testid={testId('remark')} />
      </Form.Item>
      <GoogleCodeField testId={mode === 'manual' ? 'manual' : 'withdraw'} />
      <ServerError message={error} testId={testId('error')} />
      {allowed ? (
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={busy} disabled={!bound} data-testid={testId('submit')}>
          {mode === 'manual' ? t('wd_manual_submit') : t('wd_submit')}
        </Button>
      ) : (
        <Alert type="info" showIcon message={t('wd_no_permission')} data-testid={testId('no-permission')} />
      )}
    </Form>
  );
}
