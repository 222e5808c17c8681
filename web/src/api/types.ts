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
  userStatus: number;
  bindGoogle: boolean;
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

export interface ChainNode {
  chainid: number;
  chainname: string;
  symbol: string;
  txurl: string;
  decimals?: number;
  tokens: TokenConfig[];
}

export interface HomeConfig {
  chainNodes: ChainNode[];
  partnerChainNodes: ChainNode[];
  tokenIconUrl: string;
  tronEnergyBaseAmount: { withUsdt: string; withoutUsdt: string };
  timeZone: number;
  multiAddressCollect: boolean;
}

/** Public configuration keys seeded by the server; unknown keys come back as null. */
export type PublicConfigKey =
  | 'siteName'
  | 'supportEmail'
  | 'privacyPolicyUrl'
  | 'promoVideoUrl'
  | 'registrationContactTip';

export type PublicConfig = Partial<Record<PublicConfigKey, string | null>>;
