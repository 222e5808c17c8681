import { Suspense, lazy, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { useSession } from '@/store/session';
import { loading } from '@/utils/loading';
import { registerNavigator } from '@/utils/navigation';
import { PATHS } from './catalogue';
import { resolveGuard } from './guard';
import { pageRoutes, type PageRoute } from './menus';

// Every screen is its own chunk, loaded when first opened: the login page downloads only what it
// renders (docs/console.md, "Bundle budget"). A module exporting several screens is one chunk.
type ScreenModule = { default: ComponentType };
type Screens<K extends string> = { [Name in K]: ComponentType };
const named = <K extends string>(load: () => Promise<Screens<K>>, name: K) => (): Promise<ScreenModule> =>
  load().then((screens) => ({ default: screens[name] }));
const deposits = () => import('@/pages/deposits/DepositPages');
const withdrawals = () => import('@/pages/withdrawals/WithdrawalPages');
const reports = () => import('@/pages/reports/ReportPages');

const LoginPage = lazy(() => import('@/pages/login/LoginPage'));
// The signed-in frame comes with antd's App (its modal hook asks before signing out); App.tsx
// leaves it out so the login page does not download modal and notification.
const BasicLayout = lazy(async () => {
  const [{ default: Frame }, { default: AntdApp }] = await Promise.all([import('@/layout/BasicLayout'), import('antd/es/app')]);
  const SignedInFrame = () => (
    <AntdApp component={false}>
      <Frame />
    </AntdApp>
  );
  return { default: SignedInFrame };
});
const ComingSoonPage = lazy(() => import('@/pages/ComingSoonPage'));
const NotFoundPage = lazy(() => import('@/pages/NotFoundPage'));
const PersonalPage = lazy(() => import('@/pages/PersonalPage'));

/** Screens that exist today, by catalogue path; every other menu page is an honest "arrives later" page. */
const SCREEN_LOADERS: Record<string, () => Promise<ScreenModule>> = {
  [PATHS.home]: () => import('@/pages/home/HomePage'),
  [PATHS.tokenList]: () => import('@/pages/token/TokenListPage'),
  [PATHS.tokenDetail]: () => import('@/pages/token/detail/TokenDetailPage'),
  [PATHS.walletAddress]: () => import('@/pages/token/WalletAddressPage'),
  [PATHS.energy]: () => import('@/pages/energy/EnergyPage'),
  [PATHS.trade]: () => import('@/pages/trade/TradePage'),
  [PATHS.collectTransactions]: () => import('@/pages/collect/CollectionTransactionsPage'),
  [PATHS.fundCollection]: () => import('@/pages/collect/FundCollectionPage'),
  [PATHS.hotWallets]: () => import('@/pages/token/HotWalletPage'),
  [PATHS.points]: () => import('@/pages/points/PointsListPage'),
  [PATHS.service]: () => import('@/pages/service/ServiceListPage'),
  [PATHS.tokenWithdraw]: () => import('@/pages/withdrawals/TokenWithdrawPage'),
  [PATHS.depositOrders]: named(deposits, 'DepositOrdersPage'),
  [PATHS.withdrawOrders]: named(withdrawals, 'WithdrawOrdersPage'),
  [PATHS.depositList]: named(deposits, 'DepositListPage'),
  [PATHS.transactionList]: () => import('@/pages/transactions/TransactionListPage'),
  [PATHS.withdrawCheck]: named(withdrawals, 'WithdrawCheckPage'),
  [PATHS.withdrawList]: named(withdrawals, 'WithdrawListPage'),
  [PATHS.paymentReport]: named(reports, 'PaymentReportPage'),
  [PATHS.receiptReport]: named(reports, 'ReceiptReportPage'),
  [PATHS.blacklist]: () => import('@/pages/system/BlacklistPage'),
  [PATHS.apiKey]: () => import('@/pages/system/ApiKeyPage'),
  [PATHS.apiDetail]: () => import('@/pages/apiDetail/ApiDetailPage'),
  [PATHS.callbacks]: () => import('@/pages/callback/CallbackPage'),
  [PATHS.whitelist]: () => import('@/pages/system/WhitelistPage'),
  [PATHS.ipList]: () => import('@/pages/account/IpListPage'),
  [PATHS.accountList]: () => import('@/pages/account/AccountListPage'),
  [PATHS.roleList]: () => import('@/pages/account/RoleListPage'),
  [PATHS.loginLogs]: () => import('@/pages/logs/LoginLogsPage'),
  [PATHS.operationLogs]: () => import('@/pages/logs/OperationLogsPage'),
};
const SCREENS: Record<string, ComponentType> = Object.fromEntries(
  Object.entries(SCREEN_LOADERS).map(([path, load]) => [path, lazy(load)]),
);

/** While a screen's chunk downloads, the global loading indicator shows (the one API calls use). */
function ChunkLoading() {
  useEffect(() => {
    loading.show();
    return () => loading.hide();
  }, []);
  return null;
}

/** A lazily loaded element; the fallback keeps whatever frame is around it (the layout stays). */
const loaded = (element: ReactNode) => <Suspense fallback={<ChunkLoading />}>{element}</Suspense>;

function pageFor(route: PageRoute): ReactNode {
  const Screen = SCREENS[route.path];
  return loaded(Screen ? <Screen /> : <ComingSoonPage route={route} />);
}

/**
 * Applies the spec's guard rules (./guard.ts) before anything renders. A "not found" decision
 * still renders the layout (children) at the top level; the catch-all route inside the layout
 * then shows the 404 page, so the user keeps the sidebar and header.
 */
function Guard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const session = useSession();
  const decision = resolveGuard(pathname, session);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}

export default function AppRoutes() {
  const { user } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // A signed-in user's screen downloads alongside the frame, not after it (one wait instead of two).
  const signedIn = user !== null;
  useEffect(() => {
    if (signedIn) void SCREEN_LOADERS[pathname]?.().catch(() => undefined); // rendering reports a failure
  }, [signedIn, pathname]);

  // The request layer navigates (session expiry) through the router, not by reloading.
  useEffect(() => {
    registerNavigator((path, options) => navigate(path, options));
    return () => registerNavigator(null);
  }, [navigate]);

  // Hash routes built from the server's menu list: they change when the user or role changes.
  const routes = useMemo<RouteObject[]>(
    () => [
      { path: '/login', element: <Guard>{loaded(<LoginPage />)}</Guard> },
      {
        path: '/',
        element: <Guard>{loaded(<BasicLayout />)}</Guard>,
        children: [
          ...pageRoutes(user).map((route) => ({ path: route.path, element: pageFor(route) })),
          { path: '/personal', element: loaded(<PersonalPage />) },
          { path: '/404', element: loaded(<NotFoundPage />) },
          // Reached only after the guard let the path through as "not found": a catalogue screen
          // the role lacks. Unknown paths were already redirected to / by the guard above.
          { path: '*', element: loaded(<NotFoundPage />) },
        ],
      },
    ],
    [user],
  );

  return useRoutes(routes);
}
