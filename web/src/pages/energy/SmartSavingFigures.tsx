import type { ReactNode } from 'react';
import { Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SmartSaving } from '@/api/energy';
import { AmountText } from '@/pages/orders/StatusTags';
import { energyText, isNegative, savingPercent, unsigned } from './energyRules';

/**
 * What smart collection saved over the last `saving.days` days, as the profile measured it from
 * the collections collected on energy: how many, their energy, what burning would have cost, what
 * they paid (fees and TRX points) and the difference, with its share of the burn when there was
 * one. A difference below zero is worded "cost more than burning", in the error colour. No
 * collection on energy: said so, no zeros.
 */
export default function SmartSavingFigures({ saving }: { saving: SmartSaving }) {
  const { t } = useTranslation();
  const points = t('points_asset_2');
  if (saving.collections === 0) {
    return (
      <Typography.Text type="secondary" data-testid="energy-saving-none">
        {t('energy_smart_saved_none', { days: saving.days })}
      </Typography.Text>
    );
  }
  const figure = (title: string, value: ReactNode) => <Statistic title={title} valueRender={() => value} />;
  const costMore = isNegative(saving.saved);
  const percent = savingPercent(saving.saved, saving.burnFee);
  return (
    <div data-testid="energy-saving">
      <Typography.Text type="secondary">{t('energy_smart_saved_note', { days: saving.days })}</Typography.Text>
      <Row gutter={[24, 16]} className="coffer-gap">
        <Col xs={24} sm={12} lg={8}>
          {figure(t('energy_smart_saved_collections'), <span data-testid="energy-saving-collections">{energyText(saving.collections)}</span>)}
        </Col>
        <Col xs={24} sm={12} lg={8}>
          {figure(t('energy_smart_saved_energy'), <span data-testid="energy-saving-energy">{energyText(saving.energy)}</span>)}
        </Col>
        <Col xs={24} sm={12} lg={8}>
          {figure(t('energy_smart_saved_burn'), <AmountText amount={saving.burnFee} symbol="TRX" testId="energy-saving-burn" />)}
        </Col>
        <Col xs={24} sm={12} lg={8}>
          {figure(
            t('energy_smart_saved_paid'),
            <span>
              <AmountText amount={saving.feePaid} symbol="TRX" testId="energy-saving-fees" />
              {' + '}
              <AmountText amount={saving.energyPoints} symbol={points} testId="energy-saving-points" />
            </span>,
          )}
        </Col>
        <Col xs={24} sm={12} lg={16}>
          {figure(
            t(costMore ? 'energy_smart_saved_cost_more' : 'energy_smart_saved_saved'),
            <Typography.Text type={costMore ? 'danger' : 'success'} data-testid="energy-saving-result" data-negative={costMore}>
              <AmountText amount={unsigned(saving.saved)} symbol="TRX" testId="energy-saving-saved" />
              {percent !== null && (
                <span data-testid="energy-saving-percent">{` (${t(costMore ? 'energy_smart_saved_percent_more' : 'energy_smart_saved_percent', { percent })})`}</span>
              )}
            </Typography.Text>,
          )}
        </Col>
      </Row>
    </div>
  );
}
