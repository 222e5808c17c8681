import { useEffect, useState } from 'react';
import { Button, Space, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deletePartnerIp, getPartnerIps, type PartnerIpRow } from '@/api/ipList';
import AccessControl from '@/components/AccessControl';
import CellText, { CopyText } from '@/components/list/CellText';
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
import IpRequestModal from './IpRequestModal';
import { ApplyStatusTag, OnOffTag } from '@/components/StatusTags';
import { countActive, countsTowardLimit, limitReached, limitText, statusKey } from './ipRules';

const fetchPage = (query: { page: number; pageSize: number }) => getPartnerIps(query);

/** Account > IP list (menu 701): the merchant's API allow-list requests. */
export default function IpListPage() {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const timeZone = useMerchantTimeZone();
  const list = usePagedQuery<PartnerIpRow, object>(fetchPage, {});
  const [requesting, setRequesting] = useState(false);
  const [active, setActive] = useState<number | null>(null);

  // Pending + approved across every page. When the whole list is on screen it is counted there;
  // otherwise the other pages are read (silently) as well, because the answer holds no such count.
  useEffect(() => {
    if (list.loading) return;
    if (list.page === 1 && list.total <= list.rows.length) {
      setActive(list.rows.filter(countsTowardLimit).length);
      return;
    }
    let alive = true;
    countActive((query) => getPartnerIps(query, { silent: true }))
      .then((count) => alive && setActive(count))
      .catch(() => alive && setActive(null));
    return () => {
      alive = false;
    };
  }, [list.rows, list.total, list.page, list.loading]);

  const remove = async (row: PartnerIpRow) => {
    try {
      await deletePartnerIp(row.id);
    } catch {
      return;
    }
    toast.success(t('deleted_successfully'));
    list.reloadAfterRemove();
  };

  const full = active !== null && limitReached(active);
  // At first: the address, its review and whether it is in force, and Delete; the remark and the
  // times in the column settings.
  const columns: Array<ListColumn<PartnerIpRow>> = [
    { title: t('ip_address'), dataIndex: 'ip', key: 'ip', render: (value: string) => <CopyText text={value} testId="ip-address" /> },
    { title: t('ip_remark'), dataIndex: 'remark', key: 'remark', secondary: true, render: (value: string) => <CellText text={value} width={200} testId="ip-remark" /> },
    {
      title: t('ip_apply_status'),
      dataIndex: 'applyStatus',
      key: 'applyStatus',
      render: (value: number) => <ApplyStatusTag value={value} testId="ip-apply-status" />,
    },
    {
      title: t('status'),
      dataIndex: 'status',
      key: 'status',
      render: (value: number) => <OnOffTag on={value === 1} onKey={statusKey(1)} offKey={statusKey(0)} testId="ip-status" />,
    },
    { title: t('ip_requested_time'), dataIndex: 'createtime', key: 'createtime', secondary: true, render: (value: string) => zoneTime(value, timeZone) },
    { title: t('ip_review_time'), dataIndex: 'reviewtime', key: 'reviewtime', secondary: true, render: (value: string | null) => zoneTime(value, timeZone) },
  ];
  if (hasPermission(PERMISSIONS.ipDelete)) {
    columns.push(
      actionsColumn(t('actions'), (row) => (
        <ConfirmLink
          title={t('ip_delete_confirm', { ip: row.ip })}
          description={row.applyStatus === 1 ? t('ip_delete_approved_tip') : undefined}
          icon={<DeleteOutlined />}
          label={t('delete')}
          danger
          testId="ip-delete"
          onConfirm={() => remove(row)}
        />
      )),
    );
  }

  return (
    <ListCard
      title={t('ip_list')}
      testId="ip-list"
      tip={t('ip_list_tip')}
      tipTestId="ip-list-tip"
      extra={
        <Space>
          <Tooltip title={t('ip_count_tip')}>
            <Typography.Text type={full ? 'danger' : 'secondary'} data-testid="ip-count">
              {active === null ? '…' : limitText(active)}
            </Typography.Text>
          </Tooltip>
          <AccessControl menuId={PERMISSIONS.ipRequest}>
            <Tooltip title={full ? t('ip_limit_reached') : undefined}>
              <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => setRequesting(true)} data-testid="ip-request">
                {t('ip_request')}
              </Button>
            </Tooltip>
          </AccessControl>
        </Space>
      }
    >
      <PagedTable<PartnerIpRow> list={list} listId="ip-list" columns={columns} rowProps={(row) => ({ 'data-testid': `ip-row-${row.ip}` })} />
      <IpRequestModal
        open={requesting}
        onClose={() => setRequesting(false)}
        onSaved={() => {
          setRequesting(false);
          list.reloadFirstPage();
        }}
      />
    </ListCard>
  );
}
