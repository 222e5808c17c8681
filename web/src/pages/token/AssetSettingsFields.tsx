import { Divider, Form, Input, InputNumber, Radio, Select, Switch, TimePicker, Typography, type FormInstance, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { INTERVAL_MAX, INTERVAL_MIN, MAX_DAILY_COUNT, type AssetFormValues } from './assetForm';
import { isAmount } from './tokenRules';
import { HotWalletLabel, NoHotWalletAlert, useChainHotWallets } from './HotWalletChoice';

interface AssetSettingsFieldsProps {
  form: FormInstance<AssetFormValues>;
  /** The token's chain: its hot wallets fill the payment address select. */
  chainId: number | undefined;
  /** The token's decimals: amounts may not have more. */
  decimals: number;
  disabled?: boolean;
}

/** Payment address, collection settings and risk limits: shared by add, edit and the Set tab. */
export default function AssetSettingsFields({ form, chainId, decimals, disabled = false }: AssetSettingsFieldsProps) {
  const { t } = useTranslation();
  const collectType = Form.useWatch('collectType', form);
  const { wallets, failed } = useChainHotWallets(chainId);

  const amountRules: FormRule[] = [
    { required: true, whitespace: true, message: t('amount_empty') },
    {
      validator: (_, value: string | undefined) =>
        !value?.trim() || isAmount(value, decimals) ? Promise.resolve() : Promise.reject(new Error(t('amount_invalid_decimals', { decimals }))),
    },
  ];
  const walletOptions = (wallets ?? []).map((wallet) => ({
    value: wallet.address,
    title: wallet.address,
    label: <HotWalletLabel wallet={wallet} />,
  }));

  return (
    <>
      <Form.Item
        name="paymentAddress"
        label={t('token_payment_address')}
        extra={t('token_payment_address_tip')}
        rules={[{ required: true, whitespace: true, message: t('token_payment_address_empty') }]}
      >
        <Select
          options={walletOptions}
          loading={chainId !== undefined && wallets === null}
          disabled={disabled || chainId === undefined}
          placeholder={t('token_payment_address')}
          data-testid="asset-form-payment"
        />
      </Form.Item>
      {chainId !== undefined && wallets !== null && wallets.length === 0 && (
        <NoHotWalletAlert failed={failed} testId="asset-form-no-wallet" />
      )}

      <Divider orientation="left" plain>
        {t('token_collect_settings')}
      </Divider>
      <Form.Item name="autoCollect" label={t('token_auto_collect')} valuePropName="checked" extra={t('token_auto_collect_tip')}>
        <Switch disabled={disabled} data-testid="asset-form-auto-collect" />
      </Form.Item>
      <Form.Item name="collectType" label={t('token_collect_type')}>
        <Radio.Group disabled={disabled} data-testid="asset-form-collect-type">
          <Radio value={1}>{t('token_collect_daily')}</Radio>
          <Radio value={2}>{t('token_collect_interval')}</Radio>
          <Radio value={3}>{t('token_collect_each')}</Radio>
        </Radio.Group>
      </Form.Item>
      <div className="coffer-settings-grid">
        {collectType === 1 && (
          <Form.Item
            name="startTime"
            label={t('token_start_time')}
            extra={t('token_start_time_tip')}
            rules={[{ required: true, message: t('token_start_time_invalid') }]}
          >
            <TimePicker format="HH:mm" needConfirm={false} allowClear={false} disabled={disabled} className="coffer-full" data-testid="asset-form-start-time" />
          </Form.Item>
        )}
        {collectType === 2 && (
          <Form.Item
            name="intervalHours"
            label={t('token_interval_hours')}
            rules={[
              { required: true, message: t('token_interval_invalid') },
              { type: 'integer', min: INTERVAL_MIN, max: INTERVAL_MAX, message: t('token_interval_invalid') },
            ]}
          >
            <InputNumber min={INTERVAL_MIN} max={INTERVAL_MAX} precision={0} disabled={disabled} className="coffer-full" data-testid="asset-form-interval" />
          </Form.Item>
        )}
        <Form.Item name="minCollectAmount" label={t('token_min_collect')} extra={t('token_min_collect_tip')} rules={amountRules}>
          <Input inputMode="decimal" disabled={disabled} data-testid="asset-form-min-collect" />
        </Form.Item>
        <Form.Item name="minSplitAmount" label={t('token_min_split')} extra={t('token_min_split_tip')} rules={amountRules}>
          <Input inputMode="decimal" disabled={disabled} data-testid="asset-form-min-split" />
        </Form.Item>
      </div>

      <Divider orientation="left" plain>
        {t('token_risk_settings')}
      </Divider>
      <Typography.Paragraph type="secondary">{t('token_risk_tip')}</Typography.Paragraph>
      <div className="coffer-settings-grid">
        <Form.Item name="minReviewAmount" label={t('token_min_review')} rules={amountRules}>
          <Input inputMode="decimal" disabled={disabled} data-testid="asset-form-min-review" />
        </Form.Item>
        <Form.Item
          name="maxDailyCount"
          label={t('token_max_daily_count')}
          rules={[
            { required: true, message: t('token_max_daily_count_invalid') },
            { type: 'integer', min: 0, max: MAX_DAILY_COUNT, message: t('token_max_daily_count_invalid') },
          ]}
        >
          <InputNumber min={0} max={MAX_DAILY_COUNT} precision={0} disabled={disabled} className="coffer-full" data-testid="asset-form-max-count" />
        </Form.Item>
        <Form.Item name="dailyLimit" label={t('token_daily_limit')} rules={amountRules}>
          <Input inputMode="decimal" disabled={disabled} data-testid="asset-form-daily-limit" />
        </Form.Item>
      </div>
    </>
  );
}
