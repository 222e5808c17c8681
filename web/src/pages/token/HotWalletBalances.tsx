import { Button, Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HotWalletBalance, HotWalletRow } from '@/api/wallets';
import { AmountText } from '@/pages/orders/StatusTags';

const balanceKey = (balance: HotWalletBalance) => `${balance.tokenId ?? 'native'}-${balance.symbol}`;

function BalanceLine({ balance }: { balance: HotWalletBalance }) {
  return (
    <span className="coffer-nowrap" data-testid="hot-balance">
      <AmountText amount={balance.amount} symbol={balance.symbol} testId="hot-balance-amount" />
    </span>
  );
}

/**
 * A hot wallet's balances on one line, so a row of Token › Set stays one line however many
 * tokens the wallet holds: the first balance, then "+N more" opening them all (hover or tap).
 */
export default function HotWalletBalances({ wallet }: { wallet: HotWalletRow }) {
  const { t } = useTranslation();
  if (wallet.balanceError) {
    return (
      <Typography.Text type="warning" data-testid="hot-balance-error">
        {t('balance_unavailable')}
      </Typography.Text>
    );
  }
  const [first, ...others] = wallet.balances ?? [];
  if (!first) return <Typography.Text type="secondary">{t('balance_none')}</Typography.Text>;
  return (
    <span className="coffer-nowrap" data-testid="hot-balances">
      <BalanceLine balance={first} />
      {others.length > 0 && (
        <Popover
          trigger={['hover', 'click']}
          placement="bottomLeft"
          title={t('balance_all')}
          content={
            <div className="coffer-balances" data-testid="hot-balance-list">
              {wallet.balances.map((balance) => (
                <BalanceLine key={balanceKey(balance)} balance={balance} />
              ))}
            </div>
          }
        >
          <Button type="link" size="small" className="coffer-balance-more" data-testid="hot-balance-more">
            {t('balance_more', { count: others.length })}
          </Button>
        </Popover>
      )}
    </span>
  );
}
