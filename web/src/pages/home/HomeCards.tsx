import type { HTMLAttributes } from 'react';
import { Card, Collapse, Empty, List, Space, Table, Tag, Typography } from 'antd';
import { CheckCircleTwoTone, RightCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ChainScan, GettingStarted, Holding, Waiting } from '@/api/home';
import { PHONE_CARDS, labelCells } from '@/components/list/columnSettings';
import { useAccess } from '@/hooks/useAccess';
import { AmountText } from '@/pages/orders/StatusTags';
import { formatInZone } from '@/utils/timezone';
import { assetKey, STEPS, WAITING, waitingPath } from './overview';

// The cards of the Home screen, each drawing one part of the overview answer.

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
      <Typography.Text type="secondary" className="coffer-read-at" data-testid={`${testId}-read-at`}>
        {readAt ? t('home_read_at', { time: formatInZone(readAt, timeZone) }) : t('home_not_read')}
      </Typography.Text>
    </Space>
  );
}

export function HoldingsCard({ holdings, timeZone }: { holdings: readonly Holding[]; timeZone: number }) {
  const { t } = useTranslation();
  return (
    <Card title={t('home_holdings')} className="coffer-card coffer-holdings" data-testid="home-holdings">
      <Table<Holding>
        rowKey={assetKey}
        dataSource={[...holdings]}
        pagination={false}
        size="small"
        // Its own width, never more than the card's while its cells can wrap (the headers, an asset,
        // an amount before its symbol): no sideways scroll beside Waiting at 1200 px, even with
        // 15-digit amounts; on a phone only amounts too long for even the wrapped cells scroll it.
        scroll={{ x: true }}
        locale={{ emptyText: <Empty description={t('home_holdings_empty')} /> }}
        onRow={(holding) => ({ 'data-testid': `home-holding-${assetKey(holding)}` }) as HTMLAttributes<HTMLElement>}
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

/** What waits for people, each linking to where it is handled; only what the user may open. */
export function WaitingCard({ waiting, timeZone }: { waiting: Waiting; timeZone: number | null }) {
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
            <Link to={waitingPath(item, waiting, timeZone)}>{t(item.label)}</Link>
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
        // On a phone a chain is a card, its fields on lines of their own: no sideways scroll.
        className={PHONE_CARDS}
        data-testid="home-chains"
        locale={{ emptyText: <Empty description={t('home_chains_empty')} /> }}
        columns={labelCells<ChainScan>([
          { title: t('chain'), dataIndex: 'chainname', key: 'chainname' },
          { title: t('home_scanned_height'), key: 'scanned', render: (_, chain) => height(chain.scannedHeight) },
          { title: t('home_tip_height'), key: 'tip', render: (_, chain) => height(chain.tipHeight) },
          {
            title: t('home_lag'),
            key: 'lag',
            render: (_, chain) => <span data-testid={`home-chain-lag-${chain.chainId}`}>{height(chain.lagBlocks)}</span>,
          },
          { title: t('home_scanned_at'), key: 'at', render: (_, chain) => formatInZone(chain.scannedAt, timeZone) },
        ])}
      />
    </Card>
  );
}

/** The getting-started steps: a done one struck through, an undone one linking to its screen when the user may open it. */
function StepList({ done }: { done: GettingStarted }) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  return (
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
  );
}

/** The steps a new merchant takes; once all are done, folded into one line that opens them again. */
export function GettingStartedCard({ done }: { done: GettingStarted }) {
  const { t } = useTranslation();
  if (STEPS.every((step) => done[step.key])) {
    return (
      <Collapse
        className="coffer-card"
        data-testid="home-getting-started-done"
        items={[
          {
            key: 'steps',
            label: (
              <Space>
                <CheckCircleTwoTone twoToneColor="#52c41a" />
                {t('home_getting_started_done')}
              </Space>
            ),
            children: <StepList done={done} />,
          },
        ]}
      />
    );
  }
  return (
    <Card title={t('home_getting_started')} className="coffer-card" data-testid="home-getting-started">
      <StepList done={done} />
    </Card>
  );
}
