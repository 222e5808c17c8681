import { Alert, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChainNode } from '@/api/types';
import { useHomeConfig } from '@/pages/token/useHomeConfig';
import { formatUtcOffset } from '@/utils/format';

/**
 * Home. The overview with charts arrives with deposits; until then the page shows only what the
 * server really has: the configured chains and their tokens from /api/partner/home/config.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { config, loading } = useHomeConfig();

  return (
    <Space direction="vertical" size={16} className="coffer-full" data-testid="home">
      <Alert type="info" showIcon message={t('home_overview_soon')} />
      <Card
        title={t('home_chains')}
        className="coffer-card"
        extra={
          config && (
            <Typography.Text type="secondary" data-testid="home-timezone">
              {t('label_value', { label: t('time_zone'), value: t('utc_offset', { offset: formatUtcOffset(config.timeZone) }) })}
            </Typography.Text>
          )
        }
      >
        <Table<ChainNode>
          rowKey="chainid"
          loading={loading}
          dataSource={config?.chainNodes ?? []}
          pagination={false}
          size="middle"
          scroll={{ x: 560 }}
          data-testid="home-chains"
          locale={{ emptyText: <Empty description={t('home_chains_empty')} /> }}
          columns={[
            { title: t('chain'), dataIndex: 'chainname', key: 'chainname' },
            { title: t('chain_id'), dataIndex: 'chainid', key: 'chainid' },
            { title: t('native_symbol'), dataIndex: 'symbol', key: 'symbol' },
            {
              title: t('tokens'),
              key: 'tokens',
              render: (_, chain) => (
                <Space size={[4, 4]} wrap>
                  {chain.tokens.map((token) => (
                    <Tag key={token.tokenid} color="blue">
                      {token.symbol} · {t('price')} {token.price}
                    </Tag>
                  ))}
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
