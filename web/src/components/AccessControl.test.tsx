import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { sessionStore } from '@/store/session';
import AccessControl from './AccessControl';

afterEach(() => act(() => sessionStore.signOut()));

describe('AccessControl', () => {
  it('renders children only when roleList holds the id (string comparison)', () => {
    act(() => sessionStore.signIn(makeUser([1, '30101'])));
    render(
      <>
        <AccessControl menuId={30101}>
          <button>review</button>
        </AccessControl>
        <AccessControl menuId="30102" fallback={<span>no access</span>}>
          <button>reject</button>
        </AccessControl>
      </>,
    );
    expect(screen.getByText('review')).toBeTruthy();
    expect(screen.queryByText('reject')).toBeNull();
    expect(screen.getByText('no access')).toBeTruthy();
  });

  it('gives the admin role no bypass', () => {
    act(() => sessionStore.signIn(makeUser([1], { role: 'admin', superadmin: true })));
    render(
      <AccessControl menuId={30101}>
        <button>review</button>
      </AccessControl>,
    );
    expect(screen.queryByText('review')).toBeNull();
  });

  it('hides everything after sign-out', () => {
    act(() => sessionStore.signIn(makeUser([30101])));
    render(
      <AccessControl menuId={30101}>
        <button>review</button>
      </AccessControl>,
    );
    expect(screen.getByText('review')).toBeTruthy();
    act(() => sessionStore.signOut());
    expect(screen.queryByText('review')).toBeNull();
  });
});
