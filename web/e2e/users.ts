// Users the e2e run creates. Each test that ends or replaces a session owns its user, because
// the server allows one login code per e-mail per 60 s ('Do Not Resend').

export const DEMO = { email: 'demo@coffer.local', password: 'Demo-Pass-2026' };

/** Every id of docs/menus.md (pages and buttons), so these users see what the demo admin sees. */
export const ALL_MENUS = [
  1, 2, 201, 20101, 20102, 20103, 20104, 202, 20201, 203, 204, 205, 20501, 20502, 206, 215,
  10, 11, 3, 301, 30101, 302, 4, 401, 402, 40201, 403, 404, 5, 501, 502, 50201, 50202, 6, 601, 602,
  7, 701, 70101, 70102, 702, 70201, 70202, 70203, 70204, 703, 70301, 70302, 70303, 8, 801, 802, 803, 804, 80401, 805, 9, 901, 902,
].join(',');

/** Sub-accounts of the demo merchant, added with `coffer admin user add --menus`. */
export const USERS = {
  /** Shared, read-only session signed in once by the global setup. */
  shared: { email: 'shared@coffer.local', password: 'Shared-Pass-2026', menus: ALL_MENUS },
  logout: { email: 'logout@coffer.local', password: 'Logout-Pass-2026', menus: ALL_MENUS },
  expiry: { email: 'expiry@coffer.local', password: 'Expiry-Pass-2026', menus: ALL_MENUS },
  password: { email: 'password@coffer.local', password: 'Password-Pass-2026', menus: ALL_MENUS },
  limited: { email: 'limited@coffer.local', password: 'Limited-Pass-2026', menus: '1,3,301' },
  forgot: { email: 'forgot@coffer.local', password: 'Forgot-Pass-2026', menus: ALL_MENUS },
  google: { email: 'google@coffer.local', password: 'Google-Pass-2026', menus: ALL_MENUS },
  signins: { email: 'signins@coffer.local', password: 'Signins-Pass-2026', menus: '1' },
  /** Requests, sees approved and deletes IP addresses of the demo merchant (701, 70101, 70102). */
  ip: { email: 'ip@coffer.local', password: 'Ip-Pass-2026', menus: ALL_MENUS },
  /** Sees the IP list (701) without its buttons (70101, 70102). */
  ipReader: { email: 'ip-reader@coffer.local', password: 'IpReader-Pass-2026', menus: '1,7,701' },
  /** Enables tokens on the three chains and requests their cold addresses (binds Google). */
  assets: { email: 'assets@coffer.local', password: 'Assets-Pass-2026', menus: ALL_MENUS },
  /** Reads tokens and may request cold addresses (20104) but has not bound Google. */
  assetReader: { email: 'asset-reader@coffer.local', password: 'AssetReader-Pass-2026', menus: '1,2,201,20104,215' },
  /** Adds, pauses and resumes hot wallets of the demo merchant. */
  hotWallets: { email: 'hot-wallets@coffer.local', password: 'HotWallets-Pass-2026', menus: ALL_MENUS },
  /** Sees the hot wallets (205) without their buttons (20501, 20502). */
  hotWalletReader: { email: 'hot-reader@coffer.local', password: 'HotReader-Pass-2026', menus: '1,2,205' },
  /** Lists deposit addresses and edits their remarks (202, 20201). */
  addresses: { email: 'addresses@coffer.local', password: 'Addresses-Pass-2026', menus: ALL_MENUS },
  /** Sees deposit addresses (202) without the remark button (20201). */
  addressReader: { email: 'address-reader@coffer.local', password: 'AddressReader-Pass-2026', menus: '1,2,202' },
  /** Makes devchain deposits, lists, re-pushes (30101, 40201) and exports them. */
  deposits: { email: 'deposits@coffer.local', password: 'Deposits-Pass-2026', menus: ALL_MENUS },
  /** Sees the deposit tables (301, 401, 402) without re-push (30101, 40201). */
  depositReader: { email: 'deposit-reader@coffer.local', password: 'DepositReader-Pass-2026', menus: '1,3,301,4,401,402' },
  /** Reads the callback log and re-pushes events (804, 80401). */
  callbacks: { email: 'callbacks@coffer.local', password: 'Callbacks-Pass-2026', menus: ALL_MENUS },
  /** Sees the callback log (804) without re-push (80401). */
  callbackReader: { email: 'callback-reader@coffer.local', password: 'CallbackReader-Pass-2026', menus: '1,8,804' },
  /** Binds Google, resets and shows the API key, uploads an RSA key (every id and the 80xxx buttons). */
  system: { email: 'system@coffer.local', password: 'System-Pass-2026', menus: `${ALL_MENUS},80201,80202,80301,80302,80303,80402,80501` },
  /** Sets the callback address, edits the whitelist and the blacklist (every id and the 80xxx buttons). */
  systemAccess: { email: 'system-access@coffer.local', password: 'SystemAccess-Pass-2026', menus: `${ALL_MENUS},80201,80202,80301,80302,80303,80402,80501` },
  /** Sees the System screens (802-805) without any of their buttons. */
  systemReader: { email: 'system-reader@coffer.local', password: 'SystemReader-Pass-2026', menus: '1,8,801,802,803,804,805' },
  /**
   * Binds Google and asks for withdrawals in the console (20601); holds 40301 too, so it can try
   * (and be refused, maker-checker) to pass its own.
   */
  withdrawMaker: { email: 'withdraw-maker@coffer.local', password: 'WithdrawMaker-Pass-2026', menus: `${ALL_MENUS},20601,20602,30201,40301,40401` },
  /** A second requester (Google bound), so two withdrawals need no wait for the next code. */
  withdrawMaker2: { email: 'withdraw-maker2@coffer.local', password: 'WithdrawMaker2-Pass-2026', menus: `${ALL_MENUS},20601` },
  /** Asks for withdrawals (20601) with no withdrawal list (302, 403, 404): follows only its own orders. */
  withdrawCreator: { email: 'withdraw-creator@coffer.local', password: 'WithdrawCreator-Pass-2026', menus: '1,2,201,206,20601' },
  /** Reviews withdrawals created by the others (40301, 40302). */
  withdrawChecker: { email: 'withdraw-checker@coffer.local', password: 'WithdrawChecker-Pass-2026', menus: `${ALL_MENUS},40301,40302,30201,40401` },
  /** Opens every list with every row button (re-push, review, deletes): the widest Actions (lists.spec.ts). */
  lists: { email: 'lists@coffer.local', password: 'Lists-Pass-2026', menus: `${ALL_MENUS},80201,80202,80301,80302,80303,80402,80501,30201,40301,40302,40401` },
  /** Counts the rows every list shows above the fold (rowcount.spec.ts): the same lists as `lists`. */
  rowCounts: { email: 'row-counts@coffer.local', password: 'RowCounts-Pass-2026', menus: `${ALL_MENUS},80201,80202,80301,80302,80303,80402,80501,30201,40301,40302,40401` },
  /** Asks for a withdrawal (20601, Google bound) and reads the transaction list (402, 40201): transactions.spec.ts. */
  transactions: { email: 'transactions@coffer.local', password: 'Transactions-Pass-2026', menus: `${ALL_MENUS},20601` },
  /** Buys energy (20301, Google bound): energy.spec.ts. */
  energyBuyer: { email: 'energy-buyer@coffer.local', password: 'EnergyBuyer-Pass-2026', menus: `${ALL_MENUS},20301` },
  /** Turns the smart-collection switches (20302, Google bound): energy-smart.spec.ts. */
  energySmart: { email: 'energy-smart@coffer.local', password: 'EnergySmart-Pass-2026', menus: `${ALL_MENUS},20302` },
  /** Adds and edits trade pairs (20401, Google bound): trade.spec.ts. */
  trade: { email: 'trade@coffer.local', password: 'Trade-Pass-2026', menus: `${ALL_MENUS},20401` },
  /** Sees the withdrawal screens (302, 403, 404) without any of their buttons. */
  withdrawReader: { email: 'withdraw-reader@coffer.local', password: 'WithdrawReader-Pass-2026', menus: '1,3,302,4,403,404' },
} as const;

/**
 * The admin of a second merchant, registered through the API and activated with
 * `coffer admin merchant activate` by the global setup: the only way to get a user of the admin
 * role other than the demo admin. Account, role and time-zone tests work in its merchant.
 */
export const OWNER = { email: 'owner@merchant.example', password: 'Owner-Pass-2026' };
