import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { resolveGuard } from './guard';

const admin = { token: 'tok', user: makeUser('all') };
const limited = { token: 'tok', user: makeUser([1, 3, 301]) };
const anonymous = { token: null, user: null };

describe('resolveGuard', () => {
  it('lets anyone open /login when signed out', () => {
    expect(resolveGuard('/login', anonymous)).toEqual({ kind: 'allow' });
  });

  it('sends every other path to /login without a token', () => {
    for (const path of ['/', '/orders/deposit', '/personal', '/nope', '/404']) {
      expect(resolveGuard(path, anonymous)).toEqual({ kind: 'redirect', to: '/login' });
    }
  });

  it('treats a token without a stored profile as signed out', () => {
    expect(resolveGuard('/home', { token: 'tok', user: null })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('redirects a signed-in user away from /login to the landing page', () => {
    expect(resolveGuard('/login', admin)).toEqual({ kind: 'redirect', to: '/home' });
  });

  it('sends / to the first menu page', () => {
    expect(resolveGuard('/', admin)).toEqual({ kind: 'redirect', to: '/home' });
  });

  it('allows menu pages, the personal centre and /404', () => {
    expect(resolveGuard('/orders/deposit', limited)).toEqual({ kind: 'allow' });
    expect(resolveGuard('/orders/deposit/', limited)).toEqual({ kind: 'allow' });
    expect(resolveGuard('/personal', limited)).toEqual({ kind: 'allow' });
    expect(resolveGuard('/404', limited)).toEqual({ kind: 'allow' });
  });

  it('redirects unknown paths to /', () => {
    expect(resolveGuard('/does/not/exist', admin)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('shows 404 for a catalogue screen the role lacks', () => {
    expect(resolveGuard('/system/api-key', limited)).toEqual({ kind: 'not-found' });
    expect(resolveGuard('/system/api-key', admin)).toEqual({ kind: 'allow' });
  });

  it('opens Token › Energy with menu 203 only, and shows 404 to a role without it', () => {
    expect(resolveGuard('/token/energy', { token: 'tok', user: makeUser([1, 2, 203]) })).toEqual({ kind: 'allow' });
    // The Buy button's 20301 alone grants no page.
    expect(resolveGuard('/token/energy', { token: 'tok', user: makeUser([1, 2, 201, 20301]) })).toEqual({ kind: 'not-found' });
  });

  it('gates /token/token-detail on flag 215', () => {
    expect(resolveGuard('/token/token-detail', admin)).toEqual({ kind: 'allow' });
    const without215 = { token: 'tok', user: makeUser([1, 2, 201]) };
    expect(resolveGuard('/token/token-detail', without215)).toEqual({ kind: 'not-found' });
  });

  it('opens the first page of a directory path', () => {
    expect(resolveGuard('/orders', limited)).toEqual({ kind: 'redirect', to: '/orders/deposit' });
  });
});
