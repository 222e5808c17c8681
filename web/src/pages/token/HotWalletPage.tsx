import { useState } from 'react';
import { Alert, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { PauseCircleOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pageHotWallets, setHotWalletStatus, type HotWalletRow } from '@/api/wallets';
import AccessControl from '@/components/AccessControl';
import CellText from '@/components/list/CellText';
import { actionsColumn, type ListColumn } from '@/components/list/columnSettings';
import ConfirmLink from '@/components/list/ConfirmLink';
import ListCard from '@/components/list/ListCard';
import PagedTable from '@/components/list/PagedTable';
import { useAccess } from '@/hooks/useAccess';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import { PERMISSIONS } from '@/router/permissions';
import { zoneTime } from '@/pages/orders/orderFields';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { toast } from '@/utils/feedback';
import { AddressText } from './AddressText';
import HotWalletAddModal from './HotWalletAddModal';
import HotWalletBalances from './HotWalletBalances';
import { HotWalletRoles, hotWalletRoles, useRoleSources } from './hotWalletRoles';
import { HOT_WALLET_LIMIT, hotWalletCountText, shortAddress } from './tokenRules';
import { useHomeConfig } from './useHomeConfig';

const fetchPage = (query: { page: number; pageSize: number }) => pageHotWallets(query);

/**
 * Token > Set (menu 205): the merchant's hot wallets, which pay out withdrawals, fund collection
 * fees and pay out exchanges: each with its remark and its roles (./hotWalletRoles.tsx).
 */
export default function HotWalletPage() {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const timeZone = useMerchantTimeZone();
  const { chains } = useHomeConfig();
  const list = usePagedQuery<HotWalletRow, object>(fetchPage, {});
  const roleSources = useRoleSources();
  const [adding, setAdding] = useState(false);

  // The list is not filtered by chain, so its total is the merchant's count across chains.
  const count = list.loading && list.total === 0 ? null : list.total;
  const full = count !== null && count >= HOT_WALLET_LIMIT;

  const changeStatus = async (wallet: HotWalletRow) => {
    const pausing = wallet.status === 0;
    try {
      await setHotWalletStatus(wallet.id, pausing ? 1 : 0);
    } catch {
      return;
    }
    toast.success(t(pausing ? 'paused_successfully' : 'resumed_successfully'));
    list.reload();
  };

  // At first: the chain, the address, its status, its remark, what it does (roles), its balances
  // (the first on the row, all of them a hover away), and Pause / Resume; the time in the column
  // settings. Each row is one line; on a phone, a card with every field (a merchant has at most
  // five wallets, and each field says what the wallet does).
  const columns: Array<ListColumn<HotWalletRow>> = [
    { title: t('chain'), dataIndex: 'chainname', key: 'chain', render: (value: string) => <CellText text={value} width={160} /> },
    { title: t('address'), dataIndex: 'address', key: 'address', render: (address: string) => <AddressText address={address} testId="hot-address" /> },
    {
      title: t('status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: number) => (
        <Tag color={status === 0 ? 'green' : 'orange'} data-testid="hot-status">
          {t(status === 0 ? 'hot_wallet_normal' : 'hot_wallet_paused')}
        </Tag>
      ),
    },
    { title: t('remark'), dataIndex: 'remark', key: 'remark', render: (value: string) => <CellText text={value} width={200} testId="hot-remark" /> },
    { title: t('hot_roles'), key: 'roles', render: (_, wallet) => <HotWalletRoles roles={hotWalletRoles(wallet, roleSources.fees, roleSources.pairs)} /> },
    { title: t('balances'), key: 'balances', render: (_, wallet) => <HotWalletBalances wallet={wallet} /> },
    { title: t('created_time'), dataIndex: 'createtime', key: 'createtime', secondary: true, render: (value: string) => zoneTime(value, timeZone) },
  ];
  if (hasPermission(PERMISSIONS.hotWalletStatus)) {
    columns.push(
      actionsColumn(t('actions'), (wallet) => {
        const pausing = wallet.status === 0;
        return (
          <ConfirmLink
            title={t(pausing ? 'hot_wallet_pause_confirm' : 'hot_wallet_resume_confirm', { address: shortAddress(wallet.address) })}
            description={pausing ? t('hot_wallet_pause_tip') : undefined}
            icon={pausing ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
            label={t(pausing ? 'hot_wallet_pause' : 'hot_wallet_resume')}
            danger={pausing}
            testId={pausing ? 'hot-pause' : 'hot-resume'}
            confirmTestId="hot-status"
            onConfirm={() => changeStatus(wallet)}
          />
        );
      }),
    );
  }

  return (
    <ListCard
      title={t('hot_wallets')}
      testId="hot-wallets"
      tip={t('hot_wallets_tip')}
      extra={
        <Space>
          <Tooltip title={t('hot_wallet_count_tip')}>
            <Typography.Text type={full ? 'danger' : 'secondary'} data-testid="hot-count">
              {count === null ? '…' : hotWalletCountText(count)}
            </Typography.Text>
          </Tooltip>
          <AccessControl menuId={PERMISSIONS.hotWalletAdd}>
            <Tooltip title={full ? t('hot_wallet_limit') : undefined}>
              {/* A disabled button gets no mouse events: the wrapper shows the tooltip. */}
              <span className="coffer-inline" data-testid="hot-add-wrap">
                <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => setAdding(true)} data-testid="hot-add">
                  {t('hot_wallet_add')}
                </Button>
              </span>
            </Tooltip>
          </AccessControl>
        </Space>
      }
    >
      {full && hasPermission(PERMISSIONS.hotWalletAdd) && (
        <Alert type="warning" showIcon className="coffer-gap-bottom" message={t('hot_wallet_limit')} data-testid="hot-limit" />
      )}
      <PagedTable<HotWalletRow> list={list} listId="hot-wallets" columns={columns} phoneCards rowProps={(wallet) => ({ 'data-testid': `hot-row-${wallet.address}` })} />
      <HotWalletAddModal
        open={adding}
        chains={chains}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          list.reload();
        }}
      />
    </ListCard>
  );
}
