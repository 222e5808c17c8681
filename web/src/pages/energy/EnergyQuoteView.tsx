import type { ReactNode } from 'react';
import { Alert, Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnergyQuote } from '@/api/energy';
import { AmountText } from '@/pages/orders/StatusTags';
import { formatAmountDown } from '@/pages/token/tokenRules';
import { energyText, quoteSaving } from './energyRules';

/** A figure with what it means under it, in grey. */
const withNote = (value: ReactNode, note: string) => (
  <Space direction="vertical" size={0}>
    {value}
    <Typography.Text type="secondary">{note}</Typography.Text>
  </Space>
);

/** The activation line: not needed, bought, or needed and not ticked (the order will be refused). */
function Activation({ quote }: { quote: EnergyQuote }) {
  const { t } = useTranslation();
  if (!quote.needsActivation) return <span data-testid="energy-quote-activation">{t('energy_activation_not_needed')}</span>;
  if (quote.activate) {
    return withNote(
      <AmountText amount={quote.activationPoints} symbol={t('points_asset_2')} testId="energy-quote-activation" />,
      t('energy_activation_bought'),
    );
  }
  return <Alert type="warning" showIcon message={t('energy_activation_refused')} data-testid="energy-quote-activation-refused" />;
}

/**
 * A price for the form's terms: the energy of a use (to a new holder, and to a holder), the price
 * of a use and of all of them, the activation, the total, what burning TRX would cost at the live
 * price and the saving, and whether the TRX points available cover the total.
 */
export default function EnergyQuoteView({ quote }: { quote: EnergyQuote }) {
  const { t } = useTranslation();
  const points = t('points_asset_2');
  const saving = quoteSaving(quote);
  return (
    <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered className="coffer-gap-bottom" data-testid="energy-quote">
      <Descriptions.Item label={t('energy_per_use')}>
        {withNote(<span data-testid="energy-quote-energy">{energyText(quote.energyPerUse)}</span>, t('energy_per_use_note'))}
      </Descriptions.Item>
      <Descriptions.Item label={t('energy_to_holder')}>
        {withNote(<span data-testid="energy-quote-energy-holder">{energyText(quote.energyToHolder)}</span>, t('energy_to_holder_note'))}
      </Descriptions.Item>
      <Descriptions.Item label={t('energy_price_per_use')}>
        <AmountText amount={quote.pricePerUse} symbol={points} testId="energy-quote-price" />
      </Descriptions.Item>
      <Descriptions.Item label={t('energy_uses_points')}>
        {withNote(
          <AmountText amount={quote.usesPoints} symbol={points} testId="energy-quote-uses" />,
          t('energy_uses_formula', { times: quote.times, price: formatAmountDown(quote.pricePerUse) }),
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('energy_activation')} span={2}>
        <Activation quote={quote} />
      </Descriptions.Item>
      <Descriptions.Item label={t('energy_total')} span={2}>
        <Typography.Text strong>
          <AmountText amount={quote.totalPoints} symbol={points} testId="energy-quote-total" />
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('energy_burn_per_use')}>
        {withNote(<AmountText amount={quote.burnPerUse} symbol="TRX" testId="energy-quote-burn-use" />, t('energy_burn_at_price', { price: quote.energyPrice }))}
      </Descriptions.Item>
      <Descriptions.Item label={t('energy_burn_total')}>
        <AmountText amount={quote.burnTotal} symbol="TRX" testId="energy-quote-burn-total" />
      </Descriptions.Item>
      <Descriptions.Item label={t('energy_saving')} span={2}>
        {withNote(saving === null ? <span data-testid="energy-quote-saving">—</span> : <AmountText amount={saving} symbol="TRX" testId="energy-quote-saving" />, t('energy_saving_note'))}
      </Descriptions.Item>
      <Descriptions.Item label={t('energy_trx_available')} span={2}>
        <Space wrap>
          <AmountText amount={quote.trxPoints} symbol={points} testId="energy-quote-available" />
          {quote.enough ? (
            <Tag color="green" data-testid="energy-quote-enough">
              {t('energy_enough')}
            </Tag>
          ) : (
            <Tag color="red" data-testid="energy-quote-not-enough">
              {t('energy_not_enough')}
            </Tag>
          )}
        </Space>
      </Descriptions.Item>
    </Descriptions>
  );
}
