import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Descriptions, Result, Space, Tabs, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { listAssets, type Asset } from '@/api/assets';
import { PATHS } from '@/router/catalogue';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { AddressText } from '../AddressText';
import TokenIcon from '../TokenIcon';
import { chainById } from '../tokenRules';
import { ApplyStatusTag, OnOffTag } from '@/components/StatusTags';
import { useHomeConfig } from '../useHomeConfig';
import AddressTab from './AddressTab';
import RequestTab from './RequestTab';
import SetTab from './SetTab';
import TradeTab from './TradeTab';

type Loaded = { state: 'loading' } | { state: 'missing' } | { state: 'ready'; asset: Asset };

/** The asset named by `?id=`, read from /asset/list (the contract has no single-asset call). */
function useAsset(id: number | null) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    if (id === null) {
      setLoaded({ state: 'missing' });
      return;
    }
    let alive = true;
    listAssets({})
      .then((assets) => {
        if (!alive) return;
        const asset = (assets ?? []).find((candidate) => candidate.id === id);
        setLoaded(asset ? { state: 'ready', asset } : { state: 'missing' });
      })
      .catch(() => alive && setLoaded({ state: 'missing' }));
    return () => {
      alive = false;
    };
  }, [id, reloads]);
  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return { loaded, reload };
}

function parseId(value: string | null): number | null {
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

/** Token > Token detail (flag 215): address, request, set and trade tabs of one asset. */
export default function TokenDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const timeZone = useMerchantTimeZone();
  const { config, chains } = useHomeConfig();
  const { loaded, reload } = useAsset(id);
  const [tab, setTab] = useState('address');

  if (loaded.state === 'loading') return <Card loading className="coffer-card" />;
  if (loaded.state === 'missing') {
    return (
      <Card className="coffer-card" data-testid="token-detail-missing">
        <Result
          status="404"
          title={t('token_detail_missing')}
          subTitle={t('token_detail_missing_desc')}
          extra={
            <Button type="primary" onClick={() => navigate(PATHS.tokenList)}>
              {t('back_to_token_list')}
            </Button>
          }
        />
      </Card>
    );
  }

  const { asset } = loaded;
  const family = chainById(chains, asset.chainId)?.family;
  return (
    <Card
      className="coffer-card"
      data-testid="token-detail"
      title={
        <Space>
          <TokenIcon symbol={asset.symbol} iconUrl={config?.tokenIconUrl} withSymbol={false} />
          <span>{t('token_detail_title', { symbol: asset.symbol, chain: asset.chainname })}</span>
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} className="coffer-gap-bottom">
        <Descriptions.Item label={t('status')}>
          <Tag color={asset.status === 1 ? 'green' : 'default'} data-testid="detail-status">
            {t(asset.status === 1 ? 'token_enabled' : 'token_disabled')}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('token_payment_address')}>
          <AddressText address={asset.paymentAddress} testId="detail-payment-address" />
        </Descriptions.Item>
        <Descriptions.Item label={t('token_cold_status')}>
          <Space size={4}>
            <OnOffTag on={asset.coldStatus === 1} onKey="token_cold_effective" offKey="token_cold_none" testId="detail-cold-status" />
            {asset.applyStatus != null && <ApplyStatusTag value={asset.applyStatus} testId="detail-apply-status" />}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <Tabs
        key={asset.id}
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'address', label: <span data-testid="detail-tab-address">{t('tab_address')}</span>, children: <AddressTab asset={asset} timeZone={timeZone} /> },
          {
            key: 'request',
            label: <span data-testid="detail-tab-request">{t('tab_request')}</span>,
            children: <RequestTab asset={asset} family={family} timeZone={timeZone} onRequested={reload} />,
          },
          { key: 'set', label: <span data-testid="detail-tab-set">{t('tab_set')}</span>, children: <SetTab asset={asset} onSaved={reload} /> },
          {
            key: 'trade',
            label: <span data-testid="detail-tab-trade">{t('tab_trade')}</span>,
            children: <TradeTab asset={asset} />,
          },
        ]}
      />
    </Card>
  );
}
