import type { ReactNode } from 'react';
import type { DescriptionsProps } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import type { AttemptResult } from '@/api/callbacks';
import type { ExportPath } from '@/api/exports';
import type { ListColumn } from '@/components/list/columnSettings';
import type { CallbackAttempt, OrderFilters, OrderQuery, OrderRowCore, OrderStatus, OrderSummary } from '@/api/orders';
import type { ChainNode, PageResult } from '@/api/types';
import type { TranslationKey } from '@/locales/types';
import type { FilterField } from '@/components/list/filterFields';
import type { OrderFilterValues, StatusChoice } from './orderFilters';
import type { ScreenPurpose } from './purpose';

// The order-list kit: one screen (filter bar, summary, paged table, export, detail drawer) for
// every order kind. A kind says what its rows look like; a source says which list of that kind
// a menu shows and what it adds.

/** What every cell, CSV column and detail field is rendered with. */
export interface OrderContext {
  t: TFunction;
  timeZone: number | null;
  chains: readonly ChainNode[];
}

export interface ColumnOptions<R> extends OrderContext {
  /** The transaction list shows the type of each row. */
  withType: boolean;
  /** The Actions column's content; none leaves the column out. */
  actions?: (row: R) => ReactNode;
}

/** What the detail call answers: the row's fields and the deliveries of its callback. */
export type OrderDetailOf<R> = R & { callbacks: CallbackAttempt[] };

/** One kind of order (deposit, withdrawal; collection comes next): its rows, its detail, its test ids. */
export interface OrderKind<R extends OrderRowCore, D extends OrderDetailOf<R> = OrderDetailOf<R>> {
  /** Prefix of the test ids of rows, cells and buttons: `deposit`, `wd`. */
  testId: string;
  /** Prefix of the screen card's test id: `deposits`, `withdrawals`. */
  screenTestId: string;
  /** The choices the status filter offers: the kind's states (and "Not credited" for deposits). */
  statuses: readonly StatusChoice[];
  /** The filter offers the merchant's order number too. */
  withMerchantOrderNo: boolean;
  /** The kind's own words for its states in the filter (an exchange's), where the shared ones do not fit. */
  statusViews?: Readonly<Partial<Record<StatusChoice, { key: TranslationKey }>>>;
  /**
   * The filter field choosing where orders come from, in place of chain and token (an exchange's
   * pair), within what the screen fixes (`OrderSource.fixedFilters`). Called as a hook by the screen.
   */
  useScopeField?: (fixed: FixedFilters) => FilterField<OrderFilterValues>;
  drawerWidth: number;
  /** Main columns first; `secondary` ones start hidden (column settings). */
  columns: (options: ColumnOptions<R>) => Array<ListColumn<R>>;
  detail: (id: number) => Promise<D>;
  /** Whether the role may call `detail`; without it the drawer shows the row's fields only. */
  readsDetail: (hasPermission: (id: string) => boolean) => boolean;
  detailItems: (shown: R, context: OrderContext) => NonNullable<DescriptionsProps['items']>;
  /** Shown between the fields and the callback attempts (a withdrawal's reviews). */
  detailSections?: (detail: D | null, loading: boolean, context: OrderContext) => ReactNode;
}

/** The list state a screen's extras act on. */
export interface ScreenState<R> {
  rows: readonly R[];
  filters: OrderFilters;
  chains: readonly ChainNode[];
  /** Reads the list and the summary again from page 1 (same filters). */
  searchAgain: () => void;
  /** Reads the list, the summary and the open detail again (same page). */
  refresh: () => void;
}

/** What one screen adds to the kit: the hash scan (401), the review queue (403). */
export interface ScreenExtras<R> {
  buttons?: ReactNode;
  /** Between the summary and the table. */
  toolbar?: ReactNode;
  rowSelection?: TableRowSelection<R>;
  rowActions?: (row: R) => ReactNode;
  /** Buttons in the detail drawer's header, for the row as the drawer shows it (a withdrawal's Pass / Reject). */
  detailActions?: (shown: R) => ReactNode;
  modals?: ReactNode;
}

/** What a screen fixes in every request of its list (a token's own exchanges: its chain and token). */
export type FixedFilters = Partial<Pick<OrderFilters, 'chainId' | 'tokenId'>>;

/** One menu's list of one kind: Orders › Deposit (301), Transactions › Withdraw check (403)... */
export interface OrderSource<R extends OrderRowCore, D extends OrderDetailOf<R> = OrderDetailOf<R>> {
  kind: OrderKind<R, D>;
  menuId: string;
  titleKey: TranslationKey;
  tipKey: TranslationKey;
  /** The summary's count label: `summary_deposits`, `summary_withdrawals`... */
  countKey: TranslationKey;
  csvPrefix: string;
  /** The server's export of this list (docs/api.md "Order exports"). */
  exportPath: ExportPath;
  /** The transaction list filters and shows by type. */
  withType?: boolean;
  /** Sent with every list, summary and export request whatever the filter holds (Token detail › Trade). */
  fixedFilters?: FixedFilters;
  /** The status the filter starts with and returns to on Reset (withdraw check: awaiting review). */
  initialStatus?: OrderStatus;
  /** Orders (business) or Transactions (on chain): the line under the title and the columns it leads with. */
  purpose?: ScreenPurpose;
  /** Which columns this list shows at first, by key, where it differs from the kind's (a screen without a purpose). */
  columnDefaults?: Readonly<Record<string, boolean>>;
  /** The F button id of re-push; none: no re-push on this screen. */
  pushPermission?: string;
  page: (query: OrderQuery) => Promise<PageResult<R>>;
  summary: (filters: OrderFilters) => Promise<OrderSummary>;
  push: (id: number) => Promise<AttemptResult | null | undefined>;
  /** Called as a hook by the screen (a source is a module constant, so the call order holds). */
  useExtras?: (screen: ScreenState<R>) => ScreenExtras<R>;
}
