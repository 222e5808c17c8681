import type { HTMLAttributes } from 'react';
import { Card, Col, Empty, List, Row, Space, Table, Tag, Typography } from 'antd';
import { CheckCircleTwoTone, RightCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ChainScan, GettingStarted, Holding, MoneyMoved, Tally, Waiting } from '@/api/home';
import { useAccess } from '@/hooks/useAccess';
import { AmountText } from '@/pages/orders/StatusTags';
import { formatInZone } from '@/utils/timezone';
import { PAGES } from '@/router/permissions';
import { isEmptyTally, STEPS, WAITING } from './overview';

// The cards of the Home screen, each drawing one part of the overview answer.

const holdingKey = (holding: Pick<Holding, 'chainId' | 'tokenId'>) => `${holding.chainId}-${holding.tokenId ?? 'native'}`;

/** An amount with the time it was read: "read at …", or "not read yet" without a reading. */
function ReadAmount({ amount, symbol, readAt, timeZone, testId }: { amount: string | null; symbol: string; readAt: string | null; timeZone: number; testId: string }) {
  const { t } = useTranslation();
  if (amount === null) {
    return (
      <Typography.Text type="secondary" data-testid={`${testId}-unread`}>
        {t('home_not_read')}
      </Typography.Text>
    );
  }
  return (
    <Space direction="vertical" size={0}>
      <AmountText amount={amount} symbol={symbol} testId={testId} />
      <Typography.Text type="secondary" className="coffer-nowrap" data-testid={`${testId}-read-at`}>
        {readAt ? t('home_read_at', { time: formatInZone(readAt, timeZone) }) : t('home_not_read')}
      </Typography.Text>
    </Space>
  );
}

export function HoldingsCard({ holdings, timeZone }: { holdings: readonly Holding[]; timeZone: number }) {
  const { t } = useTranslation();
  return (
    <Card title={t('home_holdings')} className="coffer-card" data-testid="home-holdings">
      <Table<Holding>
        rowKey={holdingKey}
        dataSource={[...holdings]}
        pagination={false}
        size="middle"
        scroll={{ x: 720 }}
        locale={{ emptyText: <Empty description={t('home_holdings_empty')} /> }}
        onRow={(holding) => ({ 'data-testid': `home-holding-${holdingKey(holding)}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('home_asset'), key: 'asset', render: (_, holding) => `${holding.symbol} · ${holding.chainname}` },
          {
            title: t('home_hot_wallets'),
            key: 'hot',
            render: (_, holding) => (
              <ReadAmount amount={holding.hotWallets} symbol={holding.symbol} readAt={holding.hotWalletsReadAt} timeZone={timeZone} testId="home-holding-hot" />
            ),
          },
          {
            title: t('home_deposit_addresses'),
            key: 'deposits',
            render: (_, holding) => <AmountText amount={holding.depositAddresses} symbol={holding.symbol} testId="home-holding-deposits" />,
          },
          {
            title: t('home_cold'),
            key: 'cold',
            render: (_, holding) => <ReadAmount amount={holding.cold} symbol={holding.symbol} readAt={holding.coldReadAt} timeZone={timeZone} testId="home-holding-cold" />,
          },
        ]}
      />
    </Card>
  );
}

/** Complete orders of one direction: their count, then the amount of each asset. */
function TallyView({ tally, label, testId }: { tally: Tally; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <Typography.Text strong>{label}</Typography.Text>{' '}
      <Tag data-testid={`${testId}-count`}>{t('home_count', { count: tally.count })}</Tag>
      <Space direction="vertical" size={0} className="coffer-full">
        {tally.totals.length === 0 && <Typography.Text type="secondary">{t('home_no_amount')}</Typography.Text>}
        {tally.totals.map((total) => (
          <span key={holdingKey(total)}>
            <AmountText amount={total.amount} symbol={total.symbol} testId={`${testId}-amount`} />{' '}
            <Typography.Text type="secondary">{total.chainname}</Typography.Text>
          </span>
        ))}
      </Space>
    </div>
  );
}

export function FiguresCard({ title, figures, testId }: { title: string; figures: MoneyMoved | null; testId: string }) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  // Exchanges are Token › Trade's: shown to who may open it, or once the merchant has any.
  const exchanges = figures && (hasPermission(PAGES.trade) || !isEmptyTally(figures.exchanges)) ? figures.exchanges : null;
  const span = exchanges ? 8 : 12;
  return (
    <Card title={title} className="coffer-card" data-testid={testId} loading={figures === null}>
      {figures && (
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={span}>
            <TallyView tally={figures.deposits} label={t('home_deposits')} testId={`${testId}-deposits`} />
          </Col>
          <Col xs={24} sm={span}>
            <TallyView tally={figures.withdrawals} label={t('home_withdrawals')} testId={`${testId}-withdrawals`} />
          </Col>
          {exchanges && (
            <Col xs={24} sm={span}>
              <TallyView tally={exchanges} label={t('home_exchanges')} testId={`${testId}-exchanges`} />
            </Col>
          )}
        </Row>
      )}
    </Card>
  );
}

/** What waits for people, each linking to where it is handled; only what the user may open. */
export function WaitingCard({ waiting }: { waiting: Waiting }) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const items = WAITING.filter((item) => hasPermission(item.page));
  if (items.length === 0) return null;
  return (
    <Card title={t('home_waiting')} className="coffer-card" data-testid="home-waiting">
      <List
        size="small"
        dataSource={items}
        renderItem={(item) => (
          <List.Item data-testid={`home-waiting-${item.key}`} extra={<Tag color={waiting[item.key] > 0 ? 'orange' : undefined}>{waiting[item.key]}</Tag>}>
            <Link to={item.path}>{t(item.label)}</Link>
          </List.Item>
        )}
      />
    </Card>
  );
}

export function ChainsCard({ chains, timeZone }: { chains: readonly ChainScan[]; timeZone: number }) {
  const { t } = useTranslation();
  const height = (value: number | null) => (value === null ? '—' : value);
  return (
    <Card title={t('home_chains')} className="coffer-card">
      <Table<ChainScan>
        rowKey="chainId"
        dataSource={[...chains]}
        pagination={false}
        size="middle"
        scroll={{ x: 560 }}
        data-testid="home-chains"
        locale={{ emptyText: <Empty description={t('home_chains_empty')} /> }}
        columns={[
          { title: t('chain'), dataIndex: 'chainname', key: 'chainname' },
          { title: t('home_scanned_height'), key: 'scanned', render: (_, chain) => height(chain.scannedHeight) },
          { title: t('home_tip_height'), key: 'tip', render: (_, chain) => height(chain.tipHeight) },
          {
            title: t('home_lag'),
            key: 'lag',
            render: (_, chain) => <span data-testid={`home-chain-lag-${chain.chainId}`}>{height(chain.lagBlocks)}</span>,
          },
          { title: t('home_scanned_at'), key: 'at', render: (_, chain) => formatInZone(chain.scannedAt, timeZone) },
        ]}
      />
    </Card>
  );
}

/** The steps a new merchant takes, until all are done; an undone step links to its screen when the user may open it. */
export function GettingStartedCard({ done }: { done: GettingStarted }) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  if (STEPS.every((step) => done[step.key])) return null;
  return (
    <Card title={t('home_getting_started')} className="coffer-card" data-testid="home-getting-started">
      <List
        size="small"
        dataSource={[...STEPS]}
        renderItem={(step) => (
          <List.Item data-testid={`home-step-${step.key}`} data-done={done[step.key]}>
            <Space>
              {done[step.key] ? <CheckCircleTwoTone twoToneColor="#52c41a" /> : <RightCircleOutlined />}
              {done[step.key] || !hasPermission(step.page) ? (
                <Typography.Text type={done[step.key] ? 'secondary' : undefined} delete={done[step.key]}>
                  {t(step.label)}
                </Typography.Text>
              ) : (
                <Link to={step.path} data-testid={`home-step-link-${step.key}`}>
                  {t(step.label)}
                </Link>
              )}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
