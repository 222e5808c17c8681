import { useEffect, useRef, useState } from 'react';
import { Alert, Card, Descriptions, Spin, Tabs, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { OrderStatus } from '@/api/orders';
import type { WithdrawalRow } from '@/api/withdrawals';
import { useAccess } from '@/hooks/useAccess';
import { ORDER_STATUS } from '@/pages/orders/statuses';
import { AmountText, StatusTag } from '@/pages/orders/StatusTags';
import { useAssets } from '@/pages/token/useAssets';
import { useHomeConfig } from '@/pages/token/useHomeConfig';
import { PATHS } from '@/router/catalogue';
import { PAGES, PERMISSIONS } from '@/router/permissions';
import { toast } from '@/utils/feedback';
import { useScreening } from './useScreening';
import type { TranslationKey } from '@/locales/types';
import WithdrawForm from './WithdrawForm';

/** What the page says of review, from the status the server decided (or is still deciding). */
function reviewNote(status: OrderStatus, following: boolean): { key: TranslationKey; testId: string } | null {
  if (status === OrderStatus.AwaitingReview) return { key: 'wd_created_waits', testId: 'withdraw-created-waits' };
  if (status === OrderStatus.New) {
    return following
      ? { key: 'wd_created_screening', testId: 'withdraw-created-screening' }
      : { key: 'wd_created_screening_unknown', testId: 'withdraw-created-undecided' };
  }
  if (status === OrderStatus.Rejected || status === OrderStatus.Failed) return null;
  return { key: 'wd_created_passes', testId: 'withdraw-created-passes' };
}

/** The order just created: number, state, whether it waits for a review, and where to follow it. */
function CreatedOrder({ row }: { row: WithdrawalRow }) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const target: { path: string; key: TranslationKey } | null = hasPermission(PAGES.withdrawOrders)
    ? { path: PATHS.withdrawOrders, key: 'withdraw_orders_link' }
    : hasPermission(PAGES.withdrawList)
      ? { path: PATHS.withdrawList, key: 'withdraw_list_link' }
      : null;
  // /withdraw/query answers the withdrawal lists (302, 403, 404) every order, and the one who may
  // create withdrawals (20601, 20602) the orders they created, such as this one.
  const canQuery = [PAGES.withdrawOrders, PAGES.withdrawCheck, PAGES.withdrawList, PERMISSIONS.withdraw, PERMISSIONS.manualWithdraw].some(
    hasPermission,
  );
  const { status, following } = useScreening(row, canQuery);
  const waits = status === OrderStatus.AwaitingReview;
  const note = reviewNote(status, following);
  return (
    <Alert
      type={waits ? 'warning' : 'success'}
      showIcon
      className="coffer-gap-bottom"
      data-testid="withdraw-created"
      message={waits ? t('wd_created_for_review') : t('wd_created')}
      description={
        <>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('order_no')}>
              <Typography.Text copyable data-testid="withdraw-created-order-no">
                {row.orderNo}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('wd_quantity')}>
              <AmountText amount={row.amount} symbol={row.symbol} testId="withdraw-created-amount" />
            </Descriptions.Item>
            <Descriptions.Item label={t('status')}>
              <StatusTag map={ORDER_STATUS} value={status} testId="withdraw-created-status" />
            </Descriptions.Item>
          </Descriptions>
          {note && (
            <Typography.Paragraph data-testid={note.testId}>
              {following && <Spin size="small" />} {t(note.key)}
            </Typography.Paragraph>
          )}
          {target && (
            <Link to={target.path} data-testid="withdraw-created-link">
              {t(target.key)}
            </Link>
          )}
        </>
      }
    />
  );
}

/** Token › Token withdraw (menu 206): a withdrawal (20601) and a manual withdrawal (20602). */
export default function TokenWithdrawPage() {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const { chains, loading } = useHomeConfig();
  const assets = useAssets();
  const [created, setCreated] = useState<WithdrawalRow | null>(null);
  const [tab, setTab] = useState('withdraw');
  const top = useRef<HTMLDivElement>(null);
  // The form is long: bring the new order's number into view.
  useEffect(() => {
    if (created) top.current?.scrollIntoView?.({ block: 'center' });
  }, [created]);

  const onCreated = (row: WithdrawalRow) => {
    setCreated(row);
    toast.success(t('wd_created'));
  };
  const ready = !loading && assets !== undefined;
  const items = [
    {
      key: 'withdraw',
      label: <span data-testid="withdraw-tab">{t('wd_tab_withdraw')}</span>,
      children: (
        <>
          <Typography.Paragraph type="secondary">{t('wd_withdraw_tip')}</Typography.Paragraph>
          {ready && <WithdrawForm mode="api" chains={chains} assets={assets ?? null} allowed={hasPermission(PERMISSIONS.withdraw)} onCreated={onCreated} />}
        </>
      ),
    },
  ];
  if (hasPermission(PERMISSIONS.manualWithdraw)) {
    items.push({
      key: 'manual',
      label: <span data-testid="manual-tab">{t('wd_tab_manual')}</span>,
      children: (
        <>
          <Alert type="info" showIcon className="coffer-gap-bottom" message={t('wd_manual_tip')} data-testid="manual-tip" />
          {ready && <WithdrawForm mode="manual" chains={chains} assets={assets ?? null} allowed onCreated={onCreated} />}
        </>
      ),
    });
  }

  return (
    <Card title={t('token_withdraw')} className="coffer-card" loading={!ready} data-testid="token-withdraw">
      <div ref={top}>{created && <CreatedOrder row={created} />}</div>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key);
          setCreated(null);
        }}
        items={items}
      />
    </Card>
  );
}
