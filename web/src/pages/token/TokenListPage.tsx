import { useEffect, useState } from 'react';
import { Button, Space, Switch } from 'antd';
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { listAssets, setAssetStatus, type Asset } from '@/api/assets';
import CellText from '@/components/list/CellText';
import { actionsColumn, type ListColumn } from '@/components/list/columnSettings';
import FilterBar from '@/components/list/FilterBar';
import { compactFilters, type FilterField } from '@/components/list/filterFields';
import ListCard, { AddButton } from '@/components/list/ListCard';
import PagedTable from '@/components/list/PagedTable';
import { useAccess } from '@/hooks/useAccess';
import { useWholeList } from '@/hooks/usePagedQuery';
import { PAGES, PERMISSIONS } from '@/router/permissions';
import { zoneTime } from '@/pages/orders/orderFields';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { toast } from '@/utils/feedback';
import { AddressText } from './AddressText';
import AssetFormModal from './AssetFormModal';
import TokenIcon from './TokenIcon';
import { ApplyStatusTag, OnOffTag } from '@/components/StatusTags';
import { useHomeConfig } from './useHomeConfig';

interface TokenListFilters {
  chainId?: number;
}

/** The chain (the list is read again as soon as it changes). */
const FILTER_FIELDS: ReadonlyArray<FilterField<TokenListFilters>> = [{ kind: 'chain', name: 'chainId', testId: 'token-chain-filter' }];

/** Token > Token list (menu 201): the tokens the merchant enabled, with their settings. */
export default function TokenListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = useAccess();
  const timeZone = useMerchantTimeZone();
  const { config, chains } = useHomeConfig();
  const [chainFilter, setChainFilter] = useState<number | undefined>(undefined);
  const list = useWholeList<Asset>(() => listAssets(chainFilter === undefined ? {} : { chainId: chainFilter }), chainFilter);
  const { rows: assets, reload } = list;
  const [allAssets, setAllAssets] = useState<Asset[]>([]);
  const [target, setTarget] = useState<'add' | Asset | null>(null);
  const [switching, setSwitching] = useState<number | null>(null);

  // A token is added once per merchant: the add dialog disables every one already added, whatever
  // the chain filter shows.
  useEffect(() => {
    if (chainFilter === undefined) setAllAssets(assets);
  }, [assets, chainFilter]);
  const openAdd = async () => {
    if (chainFilter !== undefined) {
      try {
        setAllAssets(await listAssets({}));
      } catch {
        return;
      }
    }
    setTarget('add');
  };

  const toggle = async (asset: Asset, enabled: boolean) => {
    setSwitching(asset.id);
    try {
      await setAssetStatus(asset.id, enabled ? 1 : 0);
      toast.success(t(enabled ? 'opened_successfully' : 'closed_successfully'));
      reload();
    } catch {
      /* toasted by the request layer; the switch keeps the server's state */
    } finally {
      setSwitching(null);
    }
  };

  const canStatus = hasPermission(PERMISSIONS.tokenStatus);
  const canDetail = hasPermission(PAGES.tokenDetail);
  const canEdit = hasPermission(PERMISSIONS.tokenEdit);
  const columns: Array<ListColumn<Asset>> = [
    { title: t('chain'), dataIndex: 'chainname', key: 'chain', render: (value: string) => <CellText text={value} width={160} /> },
    {
      title: t('token'),
      dataIndex: 'symbol',
      key: 'symbol',
      render: (symbol: string) => <TokenIcon symbol={symbol} iconUrl={config?.tokenIconUrl} />,
    },
    {
      title: t('status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: number, asset) =>
        canStatus ? (
          <Switch
            checked={status === 1}
            loading={switching === asset.id}
            onChange={(checked) => toggle(asset, checked)}
            data-testid="asset-status-switch"
          />
        ) : (
          <OnOffTag on={status === 1} onKey="token_enabled" offKey="token_disabled" testId="asset-status" />
        ),
    },
    {
      title: t('token_payment_address'),
      dataIndex: 'paymentAddress',
      key: 'paymentAddress',
      render: (address: string) => <AddressText address={address} testId="asset-payment-address" />,
    },
    {
      title: t('token_cold_status'),
      dataIndex: 'coldStatus',
      key: 'coldStatus',
      render: (value: number) => <OnOffTag on={value === 1} onKey="token_cold_effective" offKey="token_cold_none" testId="asset-cold-status" />,
    },
    {
      title: t('token_apply_status'),
      dataIndex: 'applyStatus',
      key: 'applyStatus',
      render: (value: number | null) => <ApplyStatusTag value={value} testId="asset-apply-status" />,
    },
    { title: t('created_time'), dataIndex: 'createtime', key: 'createtime', secondary: true, render: (value: string) => zoneTime(value, timeZone) },
  ];
  if (canDetail || canEdit) {
    columns.push(
      actionsColumn(t('actions'), (asset) => (
        <Space size={0}>
          {canDetail && (
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => navigate(`/token/token-detail?id=${asset.id}`)} data-testid="asset-detail">
              {t('token_detail')}
            </Button>
          )}
          {canEdit && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setTarget(asset)} data-testid="asset-edit">
              {t('edit')}
            </Button>
          )}
        </Space>
      )),
    );
  }

  return (
    <ListCard
      title={t('token_list')}
      testId="token-list"
      tip={t('token_list_tip')}
      extra={<AddButton menuId={PERMISSIONS.tokenAdd} label={t('token_add')} onClick={openAdd} testId="token-add" />}
    >
      <FilterBar<TokenListFilters, TokenListFilters>
        fields={FILTER_FIELDS}
        testId="token-filters"
        chains={chains}
        searchOnChange
        toFilters={compactFilters}
        onSearch={(filters) => setChainFilter(filters.chainId)}
      />
      <PagedTable<Asset>
        list={list}
        columns={columns}
        listId="token-list"
        rowProps={(asset) => ({ 'data-testid': `asset-row-${asset.chainId}-${asset.tokenId}` })}
      />
      <AssetFormModal
        target={target}
        assets={allAssets}
        chains={chains}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          reload();
        }}
      />
    </ListCard>
  );
}
