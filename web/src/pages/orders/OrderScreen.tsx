import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Button, Card, Space, Tooltip } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import DismissibleTip from '@/components/list/DismissibleTip';
import FilterBar from '@/components/list/FilterBar';
import ScreenTitle from '@/components/list/ScreenTitle';
import PagedTable from '@/components/list/PagedTable';
import type { OrderFilters, OrderRowCore, OrderSummary } from '@/api/orders';
import type { ChainNode } from '@/api/types';
import { useAccess } from '@/hooks/useAccess';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import OrderDetailDrawer from './OrderDetailDrawer';
import OrderSummaryBar from './OrderSummaryBar';
import RePushButton from './RePushButton';
import { NOT_CREDITED, linkedRange, linkedStatus, orderFilterFields, toOrderFilters, type OrderFilterValues } from './orderFilters';
import type { FixedFilters, OrderDetailOf, OrderSource, ScreenExtras, ScreenState } from './orderKind';
import { useOrderExport } from './orderExport';
import { leadWith } from './purpose';
import { opensDetail } from './rowClick';
import { useScreenZone } from './useScreenZone';

const noExtras = (): ScreenExtras<never> => ({});
const noScopeField = (_fixed: FixedFilters) => undefined;
const NOTHING_FIXED: FixedFilters = {};

/** The summary of what the filters select, read again when they change or on `reloads`. */
function useOrderSummary(summary: (filters: OrderFilters) => Promise<OrderSummary>, filters: OrderFilters, reloads: number) {
  const [answer, setAnswer] = useState<OrderSummary | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  useEffect(() => {
    const run = ++latest.current;
    setLoading(true);
    summary(filters)
      .then((value) => run === latest.current && setAnswer(value))
      .catch(() => run === latest.current && setAnswer(null))
      .finally(() => run === latest.current && setLoading(false));
  }, [summary, filters, reloads]);
  return { summary: answer, loading };
}

interface BodyProps<R extends OrderRowCore, D extends OrderDetailOf<R>> {
  source: OrderSource<R, D>;
  timeZone: number | null;
  chains: ChainNode[];
}

function OrderScreenBody<R extends OrderRowCore, D extends OrderDetailOf<R>>({ source, timeZone, chains }: BodyProps<R, D>) {
  const { kind } = source;
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const [params] = useSearchParams();
  // The defaults are taken once, when the screen opens: the last 7 days of the merchant's zone
  // (or back to the day a link asked for, `?since=`), and the state a link asked for
  // (`?status=`) or the list's own.
  const [initialValues] = useState<OrderFilterValues>(() => ({
    period: linkedRange(params, timeZone),
    status: linkedStatus(params, kind.statuses) ?? source.initialStatus,
  }));
  // A list of deposits: a state means its credited deposits, "Not credited" the others.
  const withCredit = kind.statuses.includes(NOT_CREDITED);
  const fixed = source.fixedFilters ?? NOTHING_FIXED;
  /** The form's values as the request: what the screen fixes always goes with them. */
  const toFilters = (values: OrderFilterValues): OrderFilters | null => {
    const filters = toOrderFilters(values, timeZone, withCredit);
    return filters && { ...filters, ...fixed };
  };
  const [initialFilters] = useState(() => toFilters(initialValues)!);
  const scopeField = (kind.useScopeField ?? noScopeField)(fixed);
  const filterFields = useMemo(
    () =>
      orderFilterFields({
        statuses: kind.statuses,
        statusViews: kind.statusViews,
        withType: !!source.withType,
        withMerchantOrderNo: kind.withMerchantOrderNo,
        scopeField,
      }),
    [kind, source.withType, scopeField],
  );
  const list = usePagedQuery<R, OrderFilters>(source.page, initialFilters);
  const [summaryReloads, setSummaryReloads] = useState(0);
  const { summary, loading: summaryLoading } = useOrderSummary(source.summary, list.filters, summaryReloads);
  const [selected, setSelected] = useState<R | null>(null);
  const [detailReloads, setDetailReloads] = useState(0);
  const exporter = useOrderExport(source, list.filters);

  const { filters, reload } = list;
  const reloadDetail = () => setDetailReloads((count) => count + 1);
  const screen: ScreenState<R> = {
    rows: list.rows,
    filters,
    chains,
    searchAgain: () => list.search({ ...filters }),
    refresh: () => {
      reload();
      setSummaryReloads((count) => count + 1);
      reloadDetail();
    },
  };
  const useExtras = (source.useExtras ?? noExtras) as (state: ScreenState<R>) => ScreenExtras<R>;
  const extras = useExtras(screen);

  const canPush = !!source.pushPermission && hasPermission(source.pushPermission);
  /** The row's re-push: an icon in the row (the columns need the room), named in the drawer's header. */
  const pushButton = (row: R, inDetail = false) =>
    canPush ? (
      <RePushButton
        orderNo={row.orderNo}
        push={() => source.push(row.id)}
        onPushed={() => {
          reload();
          reloadDetail();
        }}
        testId={inDetail ? 'detail-push' : `${kind.testId}-push`}
        iconOnly={!inDetail}
      />
    ) : undefined;

  const actions = (row: R) => (
    <Space size={0}>
      {/* Icon only: a click on the row opens the drawer too, and the row's columns need the room at 1200 px. */}
          <Tooltip title={t('detail')}>
            <Button type="link" size="small" icon={<EyeOutlined />} aria-label={t('detail')} onClick={() => setSelected(row)} data-testid={`${kind.testId}-detail-open`} />
          </Tooltip>
      {pushButton(row)}
      {extras.rowActions?.(row)}
    </Space>
  );
  const shownAtFirst = source.columnDefaults ?? {};
  const kindColumns = kind.columns({ t, timeZone, chains, withType: !!source.withType, actions });
  const columns = source.purpose
    ? leadWith(kindColumns, source.purpose.lead)
    : kindColumns.map((column) => (String(column.key) in shownAtFirst ? { ...column, secondary: !shownAtFirst[String(column.key)] } : column));

  return (
    <Card
      title={source.purpose ? <ScreenTitle title={t(source.titleKey)} purpose={t(source.purpose.lineKey)} /> : t(source.titleKey)}
      className="coffer-card"
      data-testid={`${kind.screenTestId}-${source.menuId}`}
      extra={
        <Space wrap>
          {extras.buttons}
          <Button icon={<DownloadOutlined />} loading={exporter.exporting} onClick={exporter.exportCsv} data-testid={`${kind.testId}-export`}>
            {t('export_csv')}
          </Button>
        </Space>
      }
    >
      <DismissibleTip id={`${kind.screenTestId}-${source.menuId}`} message={t(source.tipKey)} testId="order-tip" />
      <FilterBar<OrderFilterValues, OrderFilters>
        fields={filterFields}
        testId="deposit-filters"
        chains={chains}
        initialValues={initialValues}
        toFilters={toFilters}
        onSearch={list.search}
      />
      <OrderSummaryBar parts={[{ summary, countKey: source.countKey }]} loading={summaryLoading} />
      {extras.toolbar}
      <PagedTable<R>
        list={list}
        listId={`${kind.testId}-${source.menuId}`}
        columns={columns}
        rowSelection={extras.rowSelection}
        rowClassName="coffer-clickable-row"
        rowProps={(row) => ({
          'data-testid': `${kind.testId}-row-${row.orderNo}`,
          onClick: (event: MouseEvent<HTMLElement>) => opensDetail(event) && setSelected(row),
        })}
      />
      <OrderDetailDrawer
        kind={kind}
        row={selected}
        timeZone={timeZone}
        chains={chains}
        canReadDetail={kind.readsDetail(hasPermission)}
        reloadKey={detailReloads}
        pushButton={selected ? pushButton(selected, true) : undefined}
        actions={extras.detailActions}
        onClose={() => setSelected(null)}
      />
      {extras.modals}
    </Card>
  );
}

/**
 * An order table screen of any kind. It waits for the merchant's time zone (or for home/config
 * to fail) before the first request, because the default period is the last 7 days of that zone.
 */
export default function OrderScreen<R extends OrderRowCore, D extends OrderDetailOf<R>>({ source }: { source: OrderSource<R, D> }) {
  const { t } = useTranslation();
  const { timeZone, chains, waiting } = useScreenZone();
  if (waiting) {
    return <Card title={t(source.titleKey)} className="coffer-card" loading data-testid={`${source.kind.screenTestId}-${source.menuId}-loading`} />;
  }
  return <OrderScreenBody source={source} timeZone={timeZone} chains={chains} />;
}

/** The page component of one menu's order list. */
export const orderPage = <R extends OrderRowCore, D extends OrderDetailOf<R>>(source: OrderSource<R, D>) =>
  function OrderPage() {
    return <OrderScreen source={source} />;
  };
