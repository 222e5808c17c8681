import { useEffect, useMemo } from 'react';
import { Alert, Form, Input, Radio, Select, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@/api/assets';
import { OutsideRule, savePair, type PairSave, type PairView } from '@/api/exchange';
import type { ChainNode } from '@/api/types';
import FormModal, { type DialogSpec } from '@/components/FormModal';
import { isPositiveAmount } from '@/pages/collect/collectRules';
import { GoogleCodeField, googleCodeOf, refusal } from '@/pages/system/shared';
import { HotWalletLabel, NoHotWalletAlert, useChainHotWallets } from '@/pages/token/HotWalletChoice';
import { choiceOf, tokenIdOf, tokenOptions, type TokenChoice, type TokenOption } from '@/pages/token/tokenChoices';
import { chainById, isAmount } from '@/pages/token/tokenRules';
import { toast } from '@/utils/feedback';
import { OUTSIDE_RULE_KEYS } from './PairCells';
import { MAX_SPREAD_BP, MAX_TOLERANCE_BP, bpToPercent, compareDecimal, percentWithin } from './tradeRules';

interface PairValues {
  chainId?: number;
  tokenIn?: TokenChoice;
  tokenOut?: TokenChoice;
  enabled: boolean;
  /** Percents as typed ("0.5"); sent as whole basis points. */
  spread?: string;
  tolerance?: string;
  minIn?: string;
  maxIn?: string;
  dailyLimit?: string;
  payoutWallet?: string;
  outsideRule?: OutsideRule;
  googleCode?: string;
}

/** 'add': a new pair; a pair: edit it (its chain and tokens stay). */
export type PairTarget = 'add' | PairView;

const SPEC: DialogSpec = { name: 'trade-pair', width: 640, testId: 'trade-form', okKey: 'save' };

/** The body savePair sends for the checked values: percents as whole basis points, amounts trimmed. */
export function pairBody(values: PairValues, editing: PairView | null): PairSave {
  return {
    ...(editing ? { id: editing.id } : {}),
    chainId: editing ? editing.chainId : values.chainId!,
    tokenIn: editing ? editing.tokenIn.tokenId : tokenIdOf(values.tokenIn!),
    tokenOut: editing ? editing.tokenOut.tokenId : tokenIdOf(values.tokenOut!),
    enabled: values.enabled,
    spreadBp: percentWithin(values.spread, MAX_SPREAD_BP)!,
    toleranceBp: percentWithin(values.tolerance, MAX_TOLERANCE_BP)!,
    minIn: values.minIn!.trim(),
    maxIn: values.maxIn!.trim(),
    dailyLimit: values.dailyLimit!.trim(),
    payoutWallet: values.payoutWallet!,
    outsideRule: values.outsideRule!,
    googleCode: googleCodeOf(values),
  };
}

/** An edited pair's own two tokens, the only choices while editing. */
const pairTokens = (pair: PairView): TokenOption[] =>
  [pair.tokenIn, pair.tokenOut].map((token) => ({ value: choiceOf(token.tokenId), label: token.symbol, symbol: token.symbol, decimals: token.decimals }));

interface PairFormModalProps {
  /** null: closed. */
  target: PairTarget | null;
  chains: readonly ChainNode[];
  /** The merchant's assets; null when they cannot be read (the chain's tokens are offered then). */
  assets: readonly Asset[] | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Adds or edits a pair: chain and tokens (the merchant's enabled tokens and the native coin; fixed
 * when editing), whether it takes orders, spread and tolerance in percent, the limits in token IN,
 * the payout wallet, what a payment outside the rules gets, and the Google code. The server's
 * refusal shows in the dialog.
 */
export default function PairFormModal({ target, chains, assets, onClose, onSaved }: PairFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PairValues>();
  const editing = target !== null && target !== 'add' ? target : null;
  const chainId = Form.useWatch('chainId', form);
  const tokenIn = Form.useWatch('tokenIn', form);
  const chain = chainById(chains, chainId);
  const { wallets, failed } = useChainHotWallets(target === null ? undefined : chainId);

  useEffect(() => {
    if (target === null) return;
    form.setFieldsValue(
      editing
        ? {
            chainId: editing.chainId,
            tokenIn: choiceOf(editing.tokenIn.tokenId),
            tokenOut: choiceOf(editing.tokenOut.tokenId),
            enabled: editing.enabled,
            spread: bpToPercent(editing.spreadBp),
            tolerance: bpToPercent(editing.toleranceBp),
            minIn: editing.minIn,
            maxIn: editing.maxIn,
            dailyLimit: editing.dailyLimit,
            payoutWallet: editing.payoutWallet,
            outsideRule: editing.outsideRule,
          }
        : { enabled: true, dailyLimit: '0' },
    );
  }, [target]); // once per opening

  const options = useMemo(
    () => (editing ? pairTokens(editing) : tokenOptions(chain, assets, (symbol) => t('text_with_note', { text: symbol, note: t('wd_native_coin') }))),
    [editing, chain, assets, t],
  );
  const inOption = options.find((option) => option.value === tokenIn);
  const decimals = inOption?.decimals ?? 0;
  // Always a suffix (empty until a token is chosen): antd's Input loses focus when one appears.
  const amountSuffix = <span>{inOption?.symbol}</span>;

  const chainOptions = chains.map((node) => ({ value: node.chainid, label: node.chainname }));
  if (editing && !chainOptions.some((option) => option.value === editing.chainId)) chainOptions.push({ value: editing.chainId, label: editing.chainname });

  // The wallet in force stays choosable when the list cannot be read (a role without 205).
  const listed = wallets ?? [];
  const current = editing && !listed.some((wallet) => wallet.address === editing.payoutWallet) ? [{ address: editing.payoutWallet, remark: '', status: 0 as const }] : [];
  const walletOptions = [...current, ...listed].map((wallet) => ({
    value: wallet.address,
    title: wallet.address,
    disabled: wallet.status === 1,
    label: <HotWalletLabel wallet={wallet} />,
  }));

  const check = (ok: (value: string) => boolean, message: string): FormRule => ({
    validator: (_, value: string | undefined) => (!value?.trim() || ok(value) ? Promise.resolve() : Promise.reject(new Error(message))),
  });
  const required = (message: string): FormRule => ({ required: true, whitespace: true, message });
  const amountRules = [required(t('trade_amount_empty')), check((value) => isPositiveAmount(value.trim(), decimals), t('trade_amount_invalid', { decimals }))];
  const maxRules: FormRule[] = [
    ...amountRules,
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) => {
        const min = (getFieldValue('minIn') as string | undefined)?.trim();
        const order = min && value?.trim() ? compareDecimal(min, value) : null;
        return order !== null && order > 0 ? Promise.reject(new Error(t('trade_min_over_max'))) : Promise.resolve();
      },
    }),
  ];
  const differentToken: FormRule = ({ getFieldValue }) => ({
    validator: (_, value: TokenChoice | undefined) =>
      value !== undefined && value === getFieldValue('tokenIn') ? Promise.reject(new Error(t('trade_tokens_same'))) : Promise.resolve(),
  });

  const submit = async (values: PairValues) => {
    await savePair(pairBody(values, editing));
    toast.success(t('saved_successfully'));
    onSaved();
  };

  const tokenSelect = (testId: string) => (
    <Select options={options.map(({ value, label }) => ({ value, label }))} disabled={editing !== null || !chain} placeholder={t('trade_token_empty')} data-testid={testId} />
  );

  return (
    <FormModal<PairValues>
      spec={SPEC}
      open={target !== null}
      title={editing ? t('trade_edit_title', { pair: `${editing.tokenIn.symbol} → ${editing.tokenOut.symbol}` }) : t('trade_add_title')}
      form={form}
      onSubmit={submit}
      onCancel={onClose}
      refusal={{ testId: 'trade-form-error', message: refusal }}
      intro={editing && <Alert type="info" showIcon className="coffer-gap-bottom" message={t('trade_fixed_on_edit')} />}
      formProps={{
        onValuesChange: (changed: Partial<PairValues>) => {
          // Another chain: its own tokens and wallets.
          if ('chainId' in changed) form.setFieldsValue({ tokenIn: undefined, tokenOut: undefined, payoutWallet: undefined });
        },
      }}
    >
      <Form.Item name="chainId" label={t('chain')} rules={[{ required: true, message: t('trade_chain_empty') }]}>
        <Select options={chainOptions} disabled={editing !== null} placeholder={t('trade_chain_empty')} data-testid="trade-form-chain" />
      </Form.Item>
      <Form.Item
        name="tokenIn"
        label={t('trade_token_in')}
        rules={[{ required: true, message: t('trade_token_empty') }]}
        extra={!editing && chain && options.length === 0 ? <span data-testid="trade-form-no-token">{t('wd_no_token')}</span> : undefined}
      >
        {tokenSelect('trade-form-token-in')}
      </Form.Item>
      <Form.Item name="tokenOut" label={t('trade_token_out')} dependencies={['tokenIn']} rules={[{ required: true, message: t('trade_token_empty') }, differentToken]}>
        {tokenSelect('trade-form-token-out')}
      </Form.Item>
      <Form.Item name="enabled" label={t('trade_enabled')} valuePropName="checked">
        <Switch data-testid="trade-form-enabled" />
      </Form.Item>
      <Form.Item
        name="spread"
        label={t('trade_spread_field')}
        extra={t('trade_spread_tip')}
        rules={[required(t('trade_spread_invalid')), check((value) => percentWithin(value, MAX_SPREAD_BP) !== null, t('trade_spread_invalid'))]}
      >
        <Input inputMode="decimal" autoComplete="off" suffix="%" data-testid="trade-form-spread" />
      </Form.Item>
      <Form.Item
        name="tolerance"
        label={t('trade_tolerance_field')}
        extra={t('trade_tolerance_tip')}
        rules={[required(t('trade_tolerance_invalid')), check((value) => percentWithin(value, MAX_TOLERANCE_BP) !== null, t('trade_tolerance_invalid'))]}
      >
        <Input inputMode="decimal" autoComplete="off" suffix="%" data-testid="trade-form-tolerance" />
      </Form.Item>
      <Form.Item name="minIn" label={t('trade_min_field')} dependencies={['tokenIn']} rules={amountRules}>
        <Input inputMode="decimal" autoComplete="off" suffix={amountSuffix} data-testid="trade-form-min" />
      </Form.Item>
      <Form.Item name="maxIn" label={t('trade_max_field')} dependencies={['tokenIn', 'minIn']} rules={maxRules}>
        <Input inputMode="decimal" autoComplete="off" suffix={amountSuffix} data-testid="trade-form-max" />
      </Form.Item>
      <Form.Item
        name="dailyLimit"
        label={t('trade_daily_field')}
        extra={t('trade_daily_tip')}
        dependencies={['tokenIn']}
        rules={[required(t('trade_amount_empty')), check((value) => isAmount(value, decimals), t('trade_daily_invalid', { decimals }))]}
      >
        <Input inputMode="decimal" autoComplete="off" suffix={amountSuffix} data-testid="trade-form-daily" />
      </Form.Item>
      <Form.Item name="payoutWallet" label={t('trade_payout_field')} extra={t('trade_payout_tip')} rules={[{ required: true, message: t('trade_payout_empty') }]}>
        <Select options={walletOptions} loading={chainId !== undefined && wallets === null} disabled={!chain && !editing} placeholder={t('trade_payout_empty')} data-testid="trade-form-payout" />
      </Form.Item>
      {chainId !== undefined && wallets !== null && wallets.length === 0 && <NoHotWalletAlert failed={failed} testId="trade-form-no-wallet" />}
      <Form.Item name="outsideRule" label={t('trade_outside_field')} rules={[{ required: true, message: t('trade_outside_empty') }]}>
        <Radio.Group data-testid="trade-form-outside">
          {([OutsideRule.Refund, OutsideRule.HoldForReview] as const).map((rule) => (
            <Radio key={rule} value={rule} data-testid={`trade-form-outside-${rule}`}>
              {t(OUTSIDE_RULE_KEYS[rule])}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <GoogleCodeField testId="trade-form" />
    </FormModal>
  );
}
