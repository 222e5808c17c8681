import { useState } from 'react';
import { Button, Space, Tooltip, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getAllowIps, type AllowIp } from '@/api/system';
import AccessControl from '@/components/AccessControl';
import { CopyText } from '@/components/list/CellText';
import type { ListColumn } from '@/components/list/columnSettings';
import ListCard from '@/components/list/ListCard';
import PagedTable from '@/components/list/PagedTable';
import { useWholeList } from '@/hooks/usePagedQuery';
import { PERMISSIONS } from '@/router/permissions';
import { zoneTime } from '@/pages/orders/orderFields';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import WhitelistModal from './WhitelistModal';
import { WHITELIST_LIMIT } from './systemRules';

/** System › Whitelist (menu 805): the addresses the merchant's servers call the merchant API from. */
export default function WhitelistPage() {
  const { t } = useTranslation();
  const timeZone = useMerchantTimeZone();
  const allowed = useWholeList<AllowIp>(getAllowIps);
  // Null until read: the count and Edit wait for the list (an edit replaces the whole list).
  const list = allowed.loading || allowed.failed ? null : allowed.rows;
  const [editing, setEditing] = useState(false);

  const columns: Array<ListColumn<AllowIp>> = [
    { title: t('ip_address'), dataIndex: 'ip', key: 'ip', render: (value: string) => <CopyText text={value} testId="whitelist-ip" mono /> },
    { title: t('sys_added_time'), dataIndex: 'createtime', key: 'createtime', render: (value: string) => zoneTime(value, timeZone) },
  ];

  return (
    <ListCard
      title={t('sys_whitelist')}
      testId="whitelist-page"
      tip={t('sys_whitelist_tip')}
      tipTestId="whitelist-tip"
      extra={
        <Space>
          <Tooltip title={t('sys_whitelist_count_tip')}>
            <Typography.Text type={list && list.length >= WHITELIST_LIMIT ? 'warning' : 'secondary'} data-testid="whitelist-count">
              {list ? `${list.length} / ${WHITELIST_LIMIT}` : '…'}
            </Typography.Text>
          </Tooltip>
          <AccessControl menuId={PERMISSIONS.whitelistEdit}>
            <Button type="primary" icon={<EditOutlined />} disabled={!list} onClick={() => setEditing(true)} data-testid="whitelist-edit">
              {t('edit')}
            </Button>
          </AccessControl>
        </Space>
      }
    >
      <PagedTable<AllowIp>
        list={allowed}
        listId="whitelist"
        rowKey="ip"
        columns={columns}
        locale={{ emptyText: t('sys_whitelist_empty') }}
        rowProps={(row) => ({ 'data-testid': `whitelist-row-${row.ip}` })}
      />
      <WhitelistModal
        open={editing}
        current={list ?? []}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          setEditing(false);
          allowed.replace(saved);
        }}
      />
    </ListCard>
  );
}
