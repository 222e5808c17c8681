import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 32: on the login page "Forgot password?" and "Accept invitation" ran into each other and
// read as one link. At a phone's 390 px, in every language, they are two links apart.
const LANGS = [
  { code: 'en', forgot: 'Forgot password?', invite: 'Accept invitation' },
  { code: 'zh-CN', forgot: '忘记密码？', invite: '接受邀请' },
  { code: 'zh-HK', forgot: '忘記密碼？', invite: '接受邀請' },
];

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
};

async function openLogin(page: Page, lang: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/#/login');
  await page.getByTestId('login-lang').click();
  await page.getByTestId(`lang-option-${lang}`).click();
}

test.describe('login links at 390 px', () => {
  for (const lang of LANGS) {
    test(`"Forgot password?" and "Accept invitation" are two links apart in ${lang.code}`, async ({ page }) => {
      await openLogin(page, lang.code);
      const forgot = page.getByTestId('forgot-password');
      const invite = page.getByTestId('accept-invitation');
      await expect(forgot).toHaveText(lang.forgot);
      await expect(invite).toHaveText(lang.invite);
      await expect(forgot).toBeInViewport({ ratio: 1 });
      await expect(invite).toBeInViewport({ ratio: 1 });

      const [a, b] = [await box(forgot), await box(invite)];
      // Each is one line of text, not folded (a large link button is 40 px for a 16 px font).
      const fontSize = await forgot.evaluate((node) => parseFloat(getComputedStyle(node).fontSize));
      expect(a.height).toBeLessThan(fontSize * 3);
      expect(b.height).toBeLessThan(fontSize * 3);
      // Apart: on one line with a visible gap, or on lines of their own; never touching.
      const sameLine = Math.abs(a.y - b.y) < 4;
      if (sameLine) expect(b.x - (a.x + a.width)).toBeGreaterThanOrEqual(12);
      else expect(b.y).toBeGreaterThanOrEqual(a.y + a.height);

      // Each opens its own panel.
      await forgot.click();
      await expect(page.getByTestId('forgot-panel')).toBeVisible();
      await page.getByTestId('back-to-login').click();
      await page.getByTestId('accept-invitation').click();
      await expect(page.getByTestId('invite-panel')).toBeVisible();
    });
  }
});
