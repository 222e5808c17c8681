import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Popconfirm, Select, Space, Table } from 'antd';
import { DeleteOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { deleteBlacklist, pageBlacklist, type BlacklistEntry, type BlacklistFilters } from '@/api/system';
import AccessControl from '@/components/AccessControl';
import { useAccess } from '@/hooks/useAccess';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import { AddressText } from '@/pages/token/AddressText';
import { useHomeConfig } from '@/pages/token/useHomeConfig';
import { PERMISSIONS } from '@/router/permissions';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { toast } from '@/utils/feedback';
import { formatInZone } from '@/utils/timezone';
import BlacklistAddModal from './BlacklistAddModal';

const fetchPage = (query: { page: number; pageSize: number } & BlacklistFilters) => pageBlacklist(query);

/** System › Blacklist (menu 802): addresses the merchant never pays out to. */
export default function BlacklistPage() {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const timeZone = useMerchantTimeZone();
  const { chains } = useHomeConfig();
  const [form] = Form.useForm<BlacklistFilters>();
  const list = usePagedQuery<BlacklistEntry, BlacklistFilters>(fetchPage, {});
  const [adding, setAdding] = useState(false);

  const search = (values: BlacklistFilters) =>
    list.search({
      ...(values.chainId !== undefined && values.chainId !== null ? { chainId: values.chainId } : {}),
      ...(values.address?.trim() ? { address: values.address.trim() } : {}),
    });

  const remove = async (entry: BlacklistEntry) => {
    try {
      await deleteBlacklist(entry.id);
    } catch {
      return; // the request layer told the user
    }
    toast.success(t('deleted_successfully'));
    if (list.rows.length === 1 && list.page > 1) list.changePage(list.page - 1, list.pageSize);
    else list.reload();
  };

  const columns: ColumnsType<BlacklistEntry> = [
    { title: t('chain'), dataIndex: 'chainname', key: 'chain', width: 120 },
    {
      title: t('address'),
      dataIndex: 'address',
      key: 'address',
      width: 170,
      render: (address: string) => <AddressText address={address} testId="blacklist-address" />,
    },
    {
      title: t('remark'),
      dataIndex: 'remark',
      key: 'remark',
      width: 200,
      ellipsis: true,
      render: (value: string) => <span data-testid="blacklist-remark">{value || '—'}</span>,
    },
    { title: t('sys_added_time'), dataIndex: 'createtime', key: 'createtime', width: 170, render: (value: string) => formatInZone(value, timeZone) },
  ];
  if (hasPermission(PERMISSIONS.blacklistDelete)) {
    columns.push({
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      width: 100,
      render: (_, entry) => (
        <Popconfirm
          title={t('sys_blacklist_delete_confirm')}
          description={<span className="coffer-address">{entry.address}</span>}
          okText={t('sure')}
          cancelText={t('cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'blacklist-delete-sure' }}
          cancelButtonProps={{ 'data-testid': 'blacklist-delete-cancel' }}
          onConfirm={() => remove(entry)}
        >
          <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="blacklist-delete">
            {t('delete')}
          </Button>
        </Popconfirm>
      ),
    });
  }

  return (
    <Card
      title={t('sys_blacklist')}
      className="coffer-card"
      data-testid="blacklist-page"
      extra={
        <AccessControl menuId={PERMISSIONS.blacklistAdd}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="blacklist-add">
            {t('sys_blacklist_add')}
          </Button>
        </AccessControl>
      }
    >
      <Alert type="info" showIcon className="coffer-gap-bottom" message={t('sys_blacklist_tip')} />
      <Form form={form} layout="inline" className="coffer-filter-bar" onFinish={search} data-testid="blacklist-filters">
        <Form.Item name="chainId">
          <Select
            allowClear
            className="coffer-filter-select"
            placeholder={t('token_all_chains')}
            options={chains.map((chain) => ({ value: chain.chainid, label: chain.chainname }))}
            data-testid="filter-chain"
          />
        </Form.Item>
        <Form.Item name="address">
          <Input allowClear placeholder={t('sys_filter_address')} className="coffer-filter-input" data-testid="filter-address" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="filter-search">
              {t('search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                list.search({});
              }}
              data-testid="filter-reset"
            >
              {t('reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<BlacklistEntry>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.rows}
        columns={columns}
        pagination={{ ...list.pagination, showTotal: (total) => t('total_items', { total }) }}
        scroll={{ x: 'max-content' }}
        onRow={(entry) => ({ 'data-testid': `blacklist-row-${entry.id}`, 'data-address': entry.address }) as object}
      />
      <BlacklistAddModal
        open={adding}
        chains={chains}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          if (list.page !== 1) list.changePage(1, list.pageSize);
          else list.reload();
        }}
      />
    </Card>
  );
}
