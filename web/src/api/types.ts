// Shapes of the server contract (docs/api.md). Ids arrive as numbers today, but the console
// compares them as strings everywhere (spec section 6), so string ids are accepted as well.

export type MenuType = 'M' | 'C' | 'F';
export type MenuId = number | string;

/** Titles per UI language; keys are the console's language codes. */
export interface MenuTitles {
  en: string;
  'zh-CN'?: string;
  'zh-HK'?: string;
}

export interface MenuItem {
  menuId: MenuId;
  parentId: MenuId;
  path: string;
  menuType: MenuType;
  menuNameEn: MenuTitles;
  icon?: string | null;
  sort?: number;
}

export interface RoleEntry {
  menuId: MenuId;
}

export interface UserSession {
  id: number;
  username: string;
  role: string;
  /** The session token; absent in the /user/info answer. */
  sessionCode?: string;
  menuList: MenuItem[];
  roleList: RoleEntry[];
  useremail: string;
  usermobile?: string;
  createtime: string;
  superadmin: boolean;
  /** The user's role is the merchant's administrator role (a flag, never inferred from `role`). */
  isAdmin: boolean;
  userStatus: number;
  bindGoogle: boolean;
}

/** A role to pick in the account form (`/account/roleOptions`, menu 702). */
export interface RoleOption {
  id: number;
  name: string;
  isAdmin: boolean;
}

/** Answer of /login/verify: 0 = e-mail code, anything else = Google authenticator code. */
export type VerifyType = number;

export interface TokenConfig {
  tokenid: number;
  symbol: string;
  price: string;
  decimals?: number;
  contract?: string;
}

/**
 * A chain's family as the server names it; a family added on the server needs no console change
 * (its address rule comes from chain/addressRules).
 */
export type ChainFamily = 'dev' | 'evm' | 'tron' | (string & {});

export interface ChainNode {
  chainid: number;
  chainname: string;
  symbol: string;
  txurl: string;
  decimals?: number;
  /** Absent from older servers: the console then accepts the shape of any chain's addresses. */
  family?: ChainFamily;
  tokens: TokenConfig[];
}

export interface HomeConfig {
  chainNodes: ChainNode[];
  partnerChainNodes: ChainNode[];
  tokenIconUrl: string;
  /** TRX one USDT transfer burns on TRON without energy (to a USDT holder, to an address holding
   *  none), read live from a TRON node at `readAt`; "" and null when no node answered. */
  tronEnergyBaseAmount: { withUsdt: string; withoutUsdt: string; readAt: string | null };
  timeZone: number;
  multiAddressCollect: boolean;
  /** Where this config stands: check/cache/update answers another value once it changed. */
  cacheVersion: string;
}

/** Public configuration keys seeded by the server; unknown keys come back as null. */
export type PublicConfigKey =
  | 'siteName'
  | 'supportEmail'
  | 'privacyPolicyUrl'
  | 'promoVideoUrl'
  | 'registrationContactTip';

export type PublicConfig = Partial<Record<PublicConfigKey, string | null>>;

/** A page of rows: every paginated call answers `{ list, total }`. */
export interface PageResult<T> {
  list: T[];
  total: number;
}

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** Answer of /google/code: the pending secret to show as a QR code and as text. */
export interface GoogleSecret {
  secret: string;
  otpauthUri: string;
  account: string;
  issuer: string;
}

/** Account status: 1 enabled, 0 disabled, 2 invited (no password set yet). */
export type AccountStatus = 0 | 1 | 2;

export interface AccountRow {
  id: number;
  email: string;
  username: string;
  roleId: number;
  roleName: string;
  status: AccountStatus;
  bindGoogle: boolean;
  createtime: string;
  lastLoginTime: string | null;
}

export interface RoleRow {
  id: number;
  name: string;
  isAdmin: boolean;
  menuIds: MenuId[];
  userCount: number;
}

export type LogResult = 'success' | 'failure';

/** Why a sign-in failed (docs/api.md, Logs). */
export type LoginFailureReason = 'bad_password' | 'bad_code' | 'locked' | 'pending' | 'disabled' | 'google_locked';

export interface LoginLogEntry {
  id: number;
  email: string;
  ip: string;
  userAgent: string;
  result: LogResult;
  reason: LoginFailureReason | string | null;
  createtime: string;
}

export interface OperationLogEntry {
  id: number;
  email: string;
  /** The audited call's path, as stored. */
  action: string;
  /** The action's name in each language; null for a path no longer routed (shown as the path). */
  actionName?: MenuTitles | null;
  /** What the call was done to; empty on entries older than targets. */
  target: string | null;
  /** State before and after the change; the contract leaves their shape open. */
  before: unknown;
  after: unknown;
  ip: string;
  /** The caller's user agent as sent; empty on older entries. */
  userAgent?: string;
  result: LogResult;
  createtime: string;
}
