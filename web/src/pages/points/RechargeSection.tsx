import { useEffect, useState } from 'react';
import { Alert, Descriptions, QRCode, Select, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { rechargeAddress, type RechargeAddress } from '@/api/points';
import { useHomeConfig } from '@/pages/token/useHomeConfig';
import { ApiError } from '@/utils/request';

/** What the section shows for the chosen chain: nothing yet, the address, or why there is none. */
export type RechargeAnswer = { kind: 'loading' } | { kind: 'address'; recharge: RechargeAddress } | { kind: 'refused'; msg: string };

/**
 * The chosen chain's recharge address: asked once per choice, a late answer for another chain
 * dropped. `ask` is the call (Points list's recharge, or Energy's chargePoint: the same answer).
 */
export function useRechargeAnswer(chainId: number | undefined, ask: (chainId: number) => Promise<RechargeAddress> = rechargeAddress): RechargeAnswer | null {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<RechargeAnswer | null>(null);
  useEffect(() => {
    if (chainId === undefined) return;
    let current = true;
    setAnswer({ kind: 'loading' });
    ask(chainId)
      .then((recharge) => current && setAnswer({ kind: 'address', recharge }))
      .catch((error: unknown) => current && setAnswer({ kind: 'refused', msg: (error instanceof ApiError && error.message) || t('request_failed') }));
    return () => {
      current = false;
    };
  }, [chainId, ask, t]);
  return chainId === undefined ? null : answer;
}

function RechargeDetails({ recharge }: { recharge: RechargeAddress }) {
  const { t } = useTranslation();
  return (
    <Space align="start" size={24} wrap data-testid="points-recharge-details">
      <QRCode type="svg" value={recharge.address} size={160} data-testid="points-recharge-qr" data-value={recharge.address} />
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('points_recharge_address')}>
          <Typography.Text code copyable={{ text: recharge.address }} className="coffer-address" data-testid="points-recharge-address">
            {recharge.address}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('points_recharge_token')}>
          <span data-testid="points-recharge-token">{recharge.token}</span>
        </Descriptions.Item>
        {recharge.coin && (
          <Descriptions.Item label={t('points_recharge_coin')}>
            <span data-testid="points-recharge-coin">{t('points_recharge_coin_rule', { coin: recharge.coin, minimum: recharge.minimum })}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('points_recharge_rule_label')}>
          <span data-testid="points-recharge-rule">{t('points_recharge_rule', { minimum: recharge.minimum, token: recharge.token })}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('points_recharge_crediting')}>
          <span data-testid="points-recharge-confirmations">{t('points_recharge_confirmations', { confirmations: recharge.confirmations })}</span>
        </Descriptions.Item>
      </Descriptions>
    </Space>
  );
}

/** Recharge on the balances card: choose a chain, then pay USDT (or TRX on TRON) to the merchant's own address there. */
export default function RechargeSection() {
  const { t } = useTranslation();
  const { chains, loading } = useHomeConfig();
  const [chainId, setChainId] = useState<number>();
  const answer = useRechargeAnswer(chainId);
  return (
    <div className="coffer-gap-top" data-testid="points-recharge">
      <Typography.Title level={5}>{t('points_recharge')}</Typography.Title>
      <Space direction="vertical" size={12} className="coffer-full">
        <Typography.Text type="secondary">{t('points_recharge_tip')}</Typography.Text>
        <Select
          value={chainId}
          onChange={setChainId}
          loading={loading}
          options={chains.map((chain) => ({ value: chain.chainid, label: chain.chainname }))}
          placeholder={t('points_recharge_choose_chain')}
          className="coffer-timezone-select"
          data-testid="points-recharge-chain"
        />
        {answer?.kind === 'loading' && <Spin data-testid="points-recharge-loading" />}
        {answer?.kind === 'address' && <RechargeDetails recharge={answer.recharge} />}
        {answer?.kind === 'refused' && <Alert type="warning" showIcon message={answer.msg} data-testid="points-recharge-refused" />}
      </Space>
    </div>
  );
}
