import type { ComponentType } from 'react';
import {
  AccountBookOutlined, ApiOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined,
  BellOutlined, BlockOutlined, ClusterOutlined, DashboardOutlined, DatabaseOutlined, DollarOutlined,
  FileSearchOutlined, FileTextOutlined, FundOutlined, GiftOutlined, HomeOutlined, KeyOutlined,
  LineChartOutlined, LockOutlined, MoneyCollectOutlined, PayCircleOutlined, PieChartOutlined,
  ProfileOutlined, SafetyOutlined, SettingOutlined, ShopOutlined, SwapOutlined, TeamOutlined,
  ThunderboltOutlined, TransactionOutlined, UnorderedListOutlined, UserOutlined, WalletOutlined,
} from '@ant-design/icons';

// Menu icons are antd icon names sent by the server (docs/menus.md). Importing the whole icon
// set would add megabytes to the bundle, so the console maps a curated list: every catalogue
// icon plus likely future ones. An unknown name falls back to a neutral icon.
const ICONS: Record<string, ComponentType> = {
  AccountBookOutlined, ApiOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined,
  BellOutlined, BlockOutlined, ClusterOutlined, DashboardOutlined, DatabaseOutlined, DollarOutlined,
  FileSearchOutlined, FileTextOutlined, FundOutlined, GiftOutlined, HomeOutlined, KeyOutlined,
  LineChartOutlined, LockOutlined, MoneyCollectOutlined, PayCircleOutlined, PieChartOutlined,
  ProfileOutlined, SafetyOutlined, SettingOutlined, ShopOutlined, SwapOutlined, TeamOutlined,
  ThunderboltOutlined, TransactionOutlined, UnorderedListOutlined, UserOutlined, WalletOutlined,
};

export function MenuIcon({ name }: { name: string | null }) {
  if (!name) return null;
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
