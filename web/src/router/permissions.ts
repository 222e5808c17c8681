// Permission buttons (menu type F) of docs/menus.md. A button shows iff roleList holds its id.
export const PERMISSIONS = {
  tokenAdd: '20101',
  tokenEdit: '20102',
  tokenStatus: '20103',
  coldRequest: '20104',
  addressRemark: '20201',
  hotWalletAdd: '20501',
  hotWalletStatus: '20502',
  depositPush: '30101',
  transactionPush: '40201',
  ipRequest: '70101',
  ipDelete: '70102',
  accountAdd: '70201',
  accountEdit: '70202',
  accountResetPassword: '70203',
  accountDelete: '70204',
  roleAdd: '70301',
  roleEdit: '70302',
  roleDelete: '70303',
  callbackPush: '80401',
} as const;

/** Pages whose calls other screens reuse: deposit addresses (202) and hot wallets (205). */
export const PAGES = {
  tokenList: '201',
  walletAddress: '202',
  hotWallets: '205',
  tokenDetail: '215',
  depositOrders: '301',
  depositList: '401',
  transactionList: '402',
  callbacks: '804',
} as const;
