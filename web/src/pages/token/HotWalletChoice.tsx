import { useEffect, useState } from 'react';
import { Alert, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pageHotWallets, type HotWalletRow } from '@/api/wallets';
import { useAccess } from '@/hooks/useAccess';
import { PATHS } from '@/router/catalogue';
import { PAGES } from '@/router/permissions';

// Choosing one of the merchant's hot wallets on a chain: the payment address of a token, the
// sending wallet of a manual withdrawal, a chain's collection fee wallet.

/** The merchant's hot wallets on a chain, for a wallet select (null while loading; 205 needed). */
export function useChainHotWallets(chainId: number | undefined): { wallets: HotWalletRow[] | null; failed: boolean } {
  const [wallets, setWallets] = useState<HotWalletRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setWallets(null);
    setFailed(false);
    if (chainId === undefined) return;
    let alive = true;
    pageHotWallets({ page: 1, pageSize: 100, chainId }, { silent: true })
      .then((answer) => alive && setWallets((answer?.list ?? []).filter((wallet) => wallet.chainId === chainId)))
      .catch(() => {
        if (!alive) return;
        setWallets([]);
        setFailed(true);
      });
    return () => {
      alive = false;
    };
  }, [chainId]);
  return { wallets, failed };
}

/** A hot wallet as a select shows it: its address, its remark, and whether it is paused. */
export function HotWalletLabel({ wallet, testId }: { wallet: Pick<HotWalletRow, 'address' | 'remark' | 'status'>; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Space size={6} data-testid={testId}>
      <span className="coffer-address">{wallet.address}</span>
      {wallet.remark && <Typography.Text type="secondary">{wallet.remark}</Typography.Text>}
      {wallet.status === 1 && <Tag color="orange">{t('token_wallet_paused')}</Tag>}
    </Space>
  );
}

/** The chain has no hot wallet to choose (or the list could not be read): where to add one. */
export function NoHotWalletAlert({ failed, testId }: { failed: boolean; testId: string }) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  return (
    <Alert
      type={failed ? 'warning' : 'info'}
      showIcon
      className="coffer-gap-bottom"
      data-testid={testId}
      message={failed ? t('token_hot_wallets_unavailable') : t('token_no_hot_wallet')}
      description={hasPermission(PAGES.hotWallets) ? <Link to={PATHS.hotWallets}>{t('token_go_hot_wallets')}</Link> : undefined}
    />
  );
}
