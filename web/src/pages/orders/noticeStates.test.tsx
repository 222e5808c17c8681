import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as systemModule from '@/api/system';
import type { ApiSettings } from '@/api/system';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import { makeUser } from '@/test/fixtures';
import { CallbackEventStatusTag, CallbackStatusTag, NoticeTags, NotifyStatusTag } from './StatusTags';
import { orderNoticeViews } from './statuses';

vi.mock('@/api/system');
const api = vi.mocked(systemModule);
const settings = (callbackUrl: string) => ({ callbackUrl }) as ApiSettings;

// What an order's callback and notification cells say (issue 32): they agree with each other
// and with whether the merchant has a callback address.

const words = (row: { callbackStatus: number; notifyStatus: number }, address: 'set' | 'none' | 'unknown') => {
  const views = orderNoticeViews(row, address);
  return [views.callback?.key, views.notify?.key];
};

describe('the callback and notification states of an order', () => {
  it('a callback waiting without a callback address says "No callback address" in both cells', () => {
    const waiting = { callbackStatus: 0, notifyStatus: 1 };
    expect(words(waiting, 'none')).toEqual(['callback_no_address', 'callback_no_address']);
    // With an address it is on its way; when the address cannot be read, the server's words.
    expect(words(waiting, 'set')).toEqual(['callback_status_0', 'notify_status_1']);
    expect(words(waiting, 'unknown')).toEqual(['callback_status_0', 'notify_status_1']);
  });

  it('an order that needs no notice says so in both cells, address or not', () => {
    for (const address of ['set', 'none', 'unknown'] as const) {
      // A deposit never credited: "not announced".
      expect(words({ callbackStatus: 4, notifyStatus: 0 }, address)).toEqual(['notify_status_0', 'notify_status_0']);
      // Nothing queued yet for it.
      expect(words({ callbackStatus: 0, notifyStatus: 0 }, address)).toEqual(['notify_status_0', 'notify_status_0']);
    }
  });

  it('a callback that was delivered or gave up says so, address or not', () => {
    for (const address of ['set', 'none'] as const) {
      expect(words({ callbackStatus: 1, notifyStatus: 2 }, address)).toEqual(['callback_status_1', 'notify_status_2']);
      expect(words({ callbackStatus: 2, notifyStatus: 3 }, address)).toEqual(['callback_status_2', 'notify_status_3']);
    }
  });
});

describe('the cells on screen', () => {
  beforeEach(() => {
    api.getApiSettings.mockReset();
    act(() => sessionStore.signIn(makeUser('all', { sessionCode: `notice-${Math.random()}` })));
  });
  afterEach(async () => {
    act(() => sessionStore.signOut());
    await i18n.changeLanguage('en');
  });

  const cells = () => (
    <>
      <CallbackStatusTag row={{ callbackStatus: 0, notifyStatus: 1 }} testId="callback" />
      <NotifyStatusTag row={{ callbackStatus: 0, notifyStatus: 1 }} testId="notify" />
      <NotifyStatusTag row={{ callbackStatus: 0, notifyStatus: 1 }} testId="notify-2" />
      <CallbackEventStatusTag value={0} testId="event" />
    </>
  );

  it('read the address once for every cell, silently, and say "No callback address" in each language', async () => {
    api.getApiSettings.mockResolvedValue(settings(''));
    const expected = { en: 'No callback address', 'zh-CN': '未设置回调地址', 'zh-HK': '未設置回調地址' };
    for (const [lang, text] of Object.entries(expected)) {
      await act(() => i18n.changeLanguage(lang));
      const { unmount } = render(cells());
      await waitFor(() => expect(screen.getByTestId('callback').textContent).toBe(text));
      expect(screen.getByTestId('notify').textContent).toBe(text);
      expect(screen.getByTestId('event').textContent).toBe(text);
      expect(screen.getByTestId('callback').getAttribute('data-value')).toBe('0');
      unmount();
    }
    expect(api.getApiSettings).toHaveBeenCalledTimes(1);
    expect(api.getApiSettings).toHaveBeenCalledWith({ silent: true });
  });

  it('with an address, or for a role that cannot read it, show the server’s states', async () => {
    api.getApiSettings.mockResolvedValue(settings('https://shop.example/cb'));
    const { unmount } = render(cells());
    await waitFor(() => expect(api.getApiSettings).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('callback').textContent).toBe('In callback'));
    expect(screen.getByTestId('notify').textContent).toBe('Notifying');
    unmount();

    act(() => sessionStore.signIn(makeUser([301], { sessionCode: 'no-804' })));
    api.getApiSettings.mockRejectedValue(new Error('no permission'));
    render(cells());
    await waitFor(() => expect(api.getApiSettings).toHaveBeenCalledTimes(2));
    expect(screen.getByTestId('callback').textContent).toBe('In callback');
    expect(screen.getByTestId('event').textContent).toBe('In callback');
  });

  it('one cell of both notices says a word once: a delivered callback and notice read "Success", not "Success Success"', async () => {
    api.getApiSettings.mockResolvedValue(settings('https://shop.example/cb'));
    const cell = (row: { callbackStatus: number; notifyStatus: number }) => <NoticeTags row={row} prefix="wd" />;
    for (const [lang, success, failed, notifying] of [
      ['en', 'Success', 'Failed', 'Notifying'],
      ['zh-CN', '成功', '失败', '通知中'],
      ['zh-HK', '成功', '失敗', '通知中'],
    ]) {
      await act(() => i18n.changeLanguage(lang));
      const { unmount, container } = render(cell({ callbackStatus: 1, notifyStatus: 2 }));
      await waitFor(() => expect(api.getApiSettings).toHaveBeenCalled());
      expect(screen.getByTestId('wd-notice-callback').textContent).toBe(success);
      expect(screen.queryByTestId('wd-notice-notify')).toBeNull();
      expect(container.textContent).toBe(success);
      unmount();
      // Both gave up: one word ('Failed', not 'Failed Failure').
      const failedBoth = render(cell({ callbackStatus: 2, notifyStatus: 3 }));
      expect(screen.getByTestId('wd-notice-callback').textContent).toBe(failed);
      expect(screen.queryByTestId('wd-notice-notify')).toBeNull();
      failedBoth.unmount();
      // Outcomes that differ are both shown: the callback delivered, the notice still going.
      const apart = render(cell({ callbackStatus: 1, notifyStatus: 1 }));
      expect(screen.getByTestId('wd-notice-callback').textContent).toBe(success);
      expect(screen.getByTestId('wd-notice-notify').textContent).toBe(notifying);
      apart.unmount();
    }
  });
});
