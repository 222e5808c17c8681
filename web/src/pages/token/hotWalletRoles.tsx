import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { collectionFees, type ChainFees } from '@/api/collection';
import { listPairs, type PairView } from '@/api/exchange';
import type { HotWalletRow } from '@/api/wallets';
import { useLatestAnswer } from '@/hooks/useLatestAnswer';
import { useAccess } from '@/hooks/useAccess';
import type { TranslationKey } from '@/locales/types';
import { PAGES } from '@/router/permissions';

// What each hot wallet of Token › Set does (issue 32): every wallet in state normal pays the
// withdrawals of its chain (the token's payment address first, the others when it falls short);
// one per chain may be the collection fee wallet (Collect › Fund collection's fee settings); a
// wallet a Token › Trade pair names pays that pair's exchanges out (the server keeps the pair's
// payout wallet as the hot wallet's own address, so the two compare as they are).

export type HotWalletRole = 'withdrawals' | 'collectionFees' | 'exchangePayouts';

export const ROLE_LABELS: Record<HotWalletRole, { key: TranslationKey; tip: TranslationKey; color: string }> = {
  withdrawals: { key: 'hot_role_withdrawals', tip: 'hot_role_withdrawals_tip', color: 'blue' },
  collectionFees: { key: 'hot_role_collection_fees', tip: 'hot_role_collection_fees_tip', color: 'gold' },
  exchangePayouts: { key: 'hot_role_exchange_payouts', tip: 'hot_role_exchange_payouts_tip', color: 'purple' },
};

type RoleWallet = Pick<HotWalletRow, 'id' | 'chainId' | 'address' | 'status'>;

/**
 * The roles of a wallet. `fees` and `pairs` are null when they cannot be read (a role without
 * Fund collection or Trade): then that role is not claimed either way.
 */
export function hotWalletRoles(wallet: RoleWallet, fees: readonly ChainFees[] | null, pairs: readonly PairView[] | null): HotWalletRole[] {
  const roles: HotWalletRole[] = [];
  if (wallet.status === 0) roles.push('withdrawals'); // a paused wallet pays nothing
  if (fees?.some((chain) => chain.chainId === wallet.chainId && chain.feeWalletId === wallet.id)) roles.push('collectionFees');
  if (pairs?.some((pair) => pair.chainId === wallet.chainId && pair.payoutWallet === wallet.address)) roles.push('exchangePayouts');
  return roles;
}

const NO_FEES: ChainFees[] | null = null;
const NO_PAIRS: PairView[] | null = null;
const readFees = () => collectionFees({ silent: true });
const readPairs = () => listPairs({ silent: true });

/** The fee settings and the trade pairs, each read once for the page when the role may read it. */
export function useRoleSources(): { fees: ChainFees[] | null; pairs: PairView[] | null } {
  const { hasPermission } = useAccess();
  const fees = useLatestAnswer<ChainFees[] | null>(readFees, NO_FEES, [], hasPermission(PAGES.fundCollection));
  const pairs = useLatestAnswer<PairView[] | null>(readPairs, NO_PAIRS, [], hasPermission(PAGES.trade));
  return { fees: fees.answer, pairs: pairs.answer };
}

/** A wallet's roles as tags, each explained on hover; "—" for a wallet with none. */
export function HotWalletRoles({ roles }: { roles: HotWalletRole[] }) {
  const { t } = useTranslation();
  if (roles.length === 0) return <span data-testid="hot-roles">—</span>;
  return (
    <Space size={4} wrap data-testid="hot-roles">
      {roles.map((role) => (
        <Tooltip key={role} title={t(ROLE_LABELS[role].tip)}>
          <Tag color={ROLE_LABELS[role].color} data-testid={`hot-role-${role}`}>
            {t(ROLE_LABELS[role].key)}
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
}
