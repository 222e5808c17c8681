import { useState } from 'react';
import { Button, Card, Space, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import CellText from '@/components/list/CellText';
import type { ListColumn } from '@/components/list/columnSettings';
import PagedTable from '@/components/list/PagedTable';
import { getTokenRequests, type Asset, type TokenRequestRow } from '@/api/assets';
import type { ChainFamily, PageQuery } from '@/api/types';
import AccessControl from '@/components/AccessControl';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import { PERMISSIONS } from '@/router/permissions';
import { zoneTime } from '@/pages/orders/orderFields';
import { AddressText } from '../AddressText';
import { ratioPercent } from '../tokenRules';
import { ApplyStatusTag, OnOffTag } from '@/components/StatusTags';
import ColdRequestModal from './ColdRequestModal';

const fetchRequests = (query: PageQuery & { assetId: number }) => getTokenRequests(query);

interface RequestTabProps {
  asset: Asset;
  family: ChainFamily | undefined;
  timeZone: number | null;
  /** After a new request: the asset's apply status changed. */
  onRequested: () => void;
}

/** Request tab: the token's cold-address requests and a new request (20104). */
export default function RequestTab({ asset, family, timeZone, onRequested }: RequestTabProps) {
  const { t } = useTranslation();
  const list = usePagedQuery<TokenRequestRow, { assetId: number }>(fetchRequests, { assetId: asset.id });
  const [open, setOpen] = useState(false);
  // One request per token may await review: the server refuses a second one.
  const pending = asset.applyStatus === 0 || list.rows.some((row) => row.applyStatus === 0);

  // At first: the addresses with their shares and the request's two statuses; the reason and the
  // times in the column settings.
  const columns: Array<ListColumn<TokenRequestRow>> = [
    {
      title: t('cold_addresses'),
      key: 'addresses',
      render: (_, row) => (
        <Space direction="vertical" size={2}>
          {row.coldAddresses.map((entry) => (
            <Space key={entry.address} size={8}>
              <AddressText address={entry.address} testId="request-address" />
              <Typography.Text type="secondary">{ratioPercent(entry.ratio)}</Typography.Text>
            </Space>
          ))}
        </Space>
      ),
    },
    {
      title: t('status'),
      dataIndex: 'status',
      key: 'status',
      render: (value: number) => <OnOffTag on={value === 1} onKey="cold_request_in_force" offKey="cold_request_not_in_force" testId="request-status" />,
    },
    {
      title: t('ip_apply_status'),
      dataIndex: 'applyStatus',
      key: 'applyStatus',
      render: (value: number) => <ApplyStatusTag value={value} testId="request-apply-status" />,
    },
    { title: t('cold_request_reason'), dataIndex: 'reason', key: 'reason', secondary: true, render: (value: string) => <CellText text={value} width={240} testId="request-reason" /> },
    { title: t('cold_request_time'), dataIndex: 'createtime', key: 'createtime', secondary: true, render: (value: string) => zoneTime(value, timeZone) },
    { title: t('cold_review_time'), dataIndex: 'reviewtime', key: 'reviewtime', secondary: true, render: (value: string | null) => zoneTime(value, timeZone) },
  ];

  return (
    <Card
      size="small"
      title={t('token_requests')}
      data-testid="detail-requests"
      extra={
        <AccessControl menuId={PERMISSIONS.coldRequest}>
          <Tooltip title={pending ? t('cold_request_pending') : undefined}>
            <span className="coffer-inline">
              <Button type="primary" icon={<PlusOutlined />} disabled={pending} onClick={() => setOpen(true)} data-testid="cold-request">
                {t('cold_request')}
              </Button>
            </span>
          </Tooltip>
        </AccessControl>
      }
    >
      <PagedTable<TokenRequestRow>
        list={list}
        listId="token-requests"
        size="small"
        columns={columns}
        rowProps={(row) => ({ 'data-testid': `request-row-${row.id}` })}
      />
      <ColdRequestModal
        open={open}
        asset={asset}
        family={family}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          list.reload();
          onRequested();
        }}
      />
    </Card>
  );
}
