// Users the e2e run creates. Each test that ends or replaces a session owns its user, because
// the server allows one login code per e-mail per 60 s ('Do Not Resend').

export const DEMO = { email: 'demo@coffer.local', password: 'Demo-Pass-2026' };

/** Every id of docs/menus.md, so these users see what the demo admin sees. */
export const ALL_MENUS = [
  1, 2, 201, 202, 203, 204, 205, 206, 215, 10, 11, 3, 301, 302, 4, 401, 402, 403, 404, 5, 501, 502, 6, 601, 602,
  7, 701, 702, 703, 8, 801, 802, 803, 804, 805, 9, 901, 902,
].join(',');

export const USERS = {
  /** Shared, read-only session signed in once by the global setup. */
  shared: { email: 'shared@coffer.local', password: 'Shared-Pass-2026', menus: ALL_MENUS },
  logout: { email: 'logout@coffer.local', password: 'Logout-Pass-2026', menus: ALL_MENUS },
  expiry: { email: 'expiry@coffer.local', password: 'Expiry-Pass-2026', menus: ALL_MENUS },
  password: { email: 'password@coffer.local', password: 'Password-Pass-2026', menus: ALL_MENUS },
  limited: { email: 'limited@coffer.local', password: 'Limited-Pass-2026', menus: '1,3,301' },
} as const;
