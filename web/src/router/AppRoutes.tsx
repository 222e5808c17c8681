import { useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import BasicLayout from '@/layout/BasicLayout';
import ComingSoonPage from '@/pages/ComingSoonPage';
import HomePage from '@/pages/HomePage';
import NotFoundPage from '@/pages/NotFoundPage';
import PersonalPage from '@/pages/PersonalPage';
import LoginPage from '@/pages/login/LoginPage';
import AccountListPage from '@/pages/account/AccountListPage';
import IpListPage from '@/pages/account/IpListPage';
import RoleListPage from '@/pages/account/RoleListPage';
import ApiDetailPage from '@/pages/apiDetail/ApiDetailPage';
import CallbackPage from '@/pages/callback/CallbackPage';
import { DepositListPage, DepositOrdersPage, TransactionListPage } from '@/pages/deposits/DepositPages';
import LoginLogsPage from '@/pages/logs/LoginLogsPage';
import OperationLogsPage from '@/pages/logs/OperationLogsPage';
import HotWalletPage from '@/pages/token/HotWalletPage';
import TokenListPage from '@/pages/token/TokenListPage';
import WalletAddressPage from '@/pages/token/WalletAddressPage';
import TokenDetailPage from '@/pages/token/detail/TokenDetailPage';
import ApiKeyPage from '@/pages/system/ApiKeyPage';
import BlacklistPage from '@/pages/system/BlacklistPage';
import WhitelistPage from '@/pages/system/WhitelistPage';
import TokenWithdrawPage from '@/pages/withdrawals/TokenWithdrawPage';
import { WithdrawCheckPage, WithdrawListPage, WithdrawOrdersPage } from '@/pages/withdrawals/WithdrawalPages';
import { useSession } from '@/store/session';
import { registerNavigator } from '@/utils/navigation';
import { PATHS } from './catalogue';
import { resolveGuard } from './guard';
import { pageRoutes, type PageRoute } from './menus';

/** Screens that exist today, by catalogue path; every other menu page is an honest "arrives later" page. */
const SCREENS: Record<string, () => ReactNode> = {
  [PATHS.home]: () => <HomePage />,
  [PATHS.tokenList]: () => <TokenListPage />,
  [PATHS.tokenDetail]: () => <TokenDetailPage />,
  [PATHS.walletAddress]: () => <WalletAddressPage />,
  [PATHS.hotWallets]: () => <HotWalletPage />,
  [PATHS.tokenWithdraw]: () => <TokenWithdrawPage />,
  [PATHS.depositOrders]: () => <DepositOrdersPage />,
  [PATHS.withdrawOrders]: () => <WithdrawOrdersPage />,
  [PATHS.depositList]: () => <DepositListPage />,
  [PATHS.transactionList]: () => <TransactionListPage />,
  [PATHS.withdrawCheck]: () => <WithdrawCheckPage />,
  [PATHS.withdrawList]: () => <WithdrawListPage />,
  [PATHS.blacklist]: () => <BlacklistPage />,
  [PATHS.apiKey]: () => <ApiKeyPage />,
  [PATHS.apiDetail]: () => <ApiDetailPage />,
  [PATHS.callbacks]: () => <CallbackPage />,
  [PATHS.whitelist]: () => <WhitelistPage />,
  [PATHS.ipList]: () => <IpListPage />,
  [PATHS.accountList]: () => <AccountListPage />,
  [PATHS.roleList]: () => <RoleListPage />,
  [PATHS.loginLogs]: () => <LoginLogsPage />,
  [PATHS.operationLogs]: () => <OperationLogsPage />,
};

function pageFor(route: PageRoute): ReactNode {
  return SCREENS[route.path]?.() ?? <ComingSoonPage route={route} />;
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

  // The request layer navigates (session expiry) through the router, not by reloading.
  useEffect(() => {
    registerNavigator((path, options) => navigate(path, options));
    return () => registerNavigator(null);
  }, [navigate]);

  // Hash routes built from the server's menu list: they change when the user or role changes.
  const routes = useMemo<RouteObject[]>(
    () => [
      { path: '/login', element: <Guard><LoginPage /></Guard> },
      {
        path: '/',
        element: <Guard><BasicLayout /></Guard>,
        children: [
          ...pageRoutes(user).map((route) => ({ path: route.path, element: pageFor(route) })),
          { path: '/personal', element: <PersonalPage /> },
          { path: '/404', element: <NotFoundPage /> },
          // Reached only after the guard let the path through as "not found": a catalogue screen
          // the role lacks. Unknown paths were already redirected to / by the guard above.
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
    [user],
  );

  return useRoutes(routes);
}
