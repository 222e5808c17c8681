// Lets non-React code (the request layer) navigate with the router's own navigate function.
// The router registers it on mount; before that (or in tests) the hash is set directly.

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type NavigateFn = (path: string, options?: NavigateOptions) => void;

let navigator: NavigateFn | null = null;

export function registerNavigator(fn: NavigateFn | null): void {
  navigator = fn;
}

export function navigateTo(path: string, options?: NavigateOptions): void {
  if (navigator) navigator(path, options);
  else window.location.hash = `#${path}`;
}

/** Notice the login page shows after an automatic sign-out. */
export const LOGIN_NOTICE = { expired: 'login_expired' } as const;
export type LoginNotice = (typeof LOGIN_NOTICE)[keyof typeof LOGIN_NOTICE];

// Kept outside the router as well: when the session store drops the user, the route guard may
// redirect to /login (without state) before our own navigation runs, so router state alone
// would lose the notice.
let pendingNotice: LoginNotice | null = null;

export function setLoginNotice(notice: LoginNotice | null): void {
  pendingNotice = notice;
}

export function peekLoginNotice(): LoginNotice | null {
  return pendingNotice;
}
