import { useState } from 'react';
import { Alert, Button, Descriptions, Modal, QRCode, Select, Space, Spin, Typography } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { energyChargePoint } from '@/api/energy';
import type { RechargeAddress } from '@/api/points';
import type { ChainNode } from '@/api/types';
import { useRechargeAnswer } from '@/pages/points/RechargeSection';

/** Where to send TRX: the address in full with copy and its QR code, 1 TRX = 1 point, the minimum and the confirmations. */
function ChargeDetails({ recharge }: { recharge: RechargeAddress }) {
  const { t } = useTranslation();
  const coin = recharge.coin ?? 'TRX';
  return (
    <Space align="start" size={24} wrap data-testid="energy-recharge-details">
      <QRCode type="svg" value={recharge.address} size={140} data-testid="energy-recharge-qr" data-value={recharge.address} />
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('points_recharge_address')}>
          <Typography.Text code copyable={{ text: recharge.address }} className="coffer-address" data-testid="energy-recharge-address">
            {recharge.address}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('energy_recharge_rate_label')}>
          <span data-testid="energy-recharge-rate">{t('energy_recharge_rate', { coin })}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('points_recharge_rule_label')}>
          <span data-testid="energy-recharge-minimum">{t('energy_recharge_minimum', { minimum: recharge.minimum, coin })}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('points_recharge_crediting')}>
          <span data-testid="energy-recharge-confirmations">{t('points_recharge_confirmations', { confirmations: recharge.confirmations })}</span>
        </Descriptions.Item>
      </Descriptions>
    </Space>
  );
}

/** The dialog's body: the TRON chain (a choice only when there are several) and its answer. */
function ChargeAnswer({ chains }: { chains: readonly ChainNode[] }) {
  const { t } = useTranslation();
  const [chainId, setChainId] = useState<number>(chains[0].chainid);
  const answer = useRechargeAnswer(chainId, energyChargePoint);
  return (
    <Space direction="vertical" size={12} className="coffer-full">
      <Typography.Text type="secondary">{t('energy_recharge_tip')}</Typography.Text>
      {chains.length > 1 && (
        <Select
          value={chainId}
          onChange={setChainId}
          options={chains.map((chain) => ({ value: chain.chainid, label: chain.chainname }))}
          className="coffer-timezone-select"
          data-testid="energy-recharge-chain"
        />
      )}
      {answer?.kind === 'loading' && <Spin data-testid="energy-recharge-loading" />}
      {answer?.kind === 'address' && <ChargeDetails recharge={answer.recharge} />}
      {answer?.kind === 'refused' && <Alert type="warning" showIcon message={answer.msg} data-testid="energy-recharge-refused" />}
    </Space>
  );
}

/**
 * "Recharge TRX points": asks chargePoint for the first TRON chain when opened (the merchant's own
 * recharge address there, made on the first ask) and shows it, or the server's refusal.
 */
export default function EnergyRecharge({ chains }: { chains: readonly ChainNode[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<WalletOutlined />} disabled={chains.length === 0} onClick={() => setOpen(true)} data-testid="energy-recharge">
        {t('energy_recharge')}
      </Button>
      <Modal
        open={open}
        title={t('energy_recharge')}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        width={640}
        data-testid="energy-recharge-modal"
      >
        {chains.length > 0 && <ChargeAnswer chains={chains} />}
      </Modal>
    </>
  );
}
