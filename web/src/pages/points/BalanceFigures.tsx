import { Col, Row, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PointBalance } from '@/api/points';
import { AmountText } from '@/pages/orders/StatusTags';
import { assetLabel, assetSymbol } from './pointsRows';

/** One asset's points as Points list and Home show them: available, held and the credit limit. */
export default function BalanceFigures({ balance: b, testPrefix }: { balance: PointBalance; testPrefix: string }) {
  const { t } = useTranslation();
  const figure = (title: string, amount: string, testId: string) => (
    <Statistic title={title} valueRender={() => <AmountText amount={amount} symbol={assetSymbol(b.asset)} testId={`${testId}-${b.asset}`} />} />
  );
  return (
    <>
      <Tag color="blue">{assetLabel(t, b.asset)}</Tag>
      <Row gutter={16}>
        <Col span={8}>{figure(t('points_available'), b.available, `${testPrefix}-available`)}</Col>
        <Col span={8}>{figure(t('points_held'), b.held, `${testPrefix}-held`)}</Col>
        <Col span={8}>{figure(t('points_credit_limit'), b.creditLimit, `${testPrefix}-credit`)}</Col>
      </Row>
    </>
  );
}
