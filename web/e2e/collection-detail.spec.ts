import type { Page } from '@playwright/test';
import type { CollectionStep } from './collections';
import { expect, openAs, test } from './fixtures';
import { BIG, EVM, LANGUAGES, REMARK, WIDE_LISTS, at, envelope, lister, widthsIn } from './listCases';

// Collect › Collection transactions: a collection's drawer shows its on-chain steps whole, with
// nothing to scroll sideways, at the widths staff work at (in Chinese the tighter, widthsIn: the
// drawer is 980 px at both) and on a phone, in every language. The steps are the widest the
// contract allows (every kind and state, amounts and fees of 15 whole digits, a reason of 100
// characters), served in place of the detail call.

const collections = WIDE_LISTS.find((list) => list.path === '/collect/transactions')!;
const [collection] = (collections.answer as { list: Array<{ id: number }> }).list;
const HASH = `0x${'d'.repeat(64)}`;
const step = (kind: CollectionStep['kind'], part: number, state: CollectionStep['state']): CollectionStep => ({
  kind, part, fromAddress: EVM, toAddress: EVM, amount: BIG, feeEstimated: BIG, feePaid: BIG, hash: HASH,
  state, blockNumber: 999_999_999, reason: REMARK, createdAt: at, broadcastAt: at, confirmedAt: at,
});
const detail = { ...collection, burnFee: BIG, energy: null, energyPoints: null, steps: [step(1, 0, 4), step(2, 0, 3), step(3, 0, 2), step(3, 1, 5), step(4, 0, 1)] };
const STEP_CELLS = ['step-kind', 'step-state', 'step-amount', 'step-from', 'step-to', 'step-fee-estimated', 'step-fee-paid', 'step-hash', 'step-block', 'step-reason'];

/** How far `element` and the scroll boxes inside it need to scroll sideways (0: none). */
const sidewaysScroll = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((root) =>
    Math.max(
      0,
      ...[root, ...root.querySelectorAll('*')]
        .filter((element) => element === root || ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
        .map((element) => element.scrollWidth - element.clientWidth),
    ),
  );

for (const lang of LANGUAGES) {
  for (const width of [...widthsIn(lang), 390]) {
    test(`Collection detail in ${lang} at ${width} px: every step shows whole inside the drawer`, async ({ page, env }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.route('**/api/partner/collect/detail', (route) => route.fulfill(envelope(detail)));
      await openAs(page, await lister(env), `/collect/transactions?id=${collection.id}`, lang);
      const body = page.locator('.ant-drawer-body').filter({ has: page.getByTestId('collection-detail-body') });
      await expect(page.getByTestId(`step-row-${detail.steps.length - 1}`)).toBeVisible();
      expect(await sidewaysScroll(page, 'collection-detail-body'), 'nothing in the drawer scrolls sideways').toBeLessThanOrEqual(0);
      expect(await body.evaluate((element) => element.scrollWidth - element.clientWidth), 'the drawer does not scroll sideways').toBeLessThanOrEqual(0);
      const drawer = (await body.boundingBox())!;
      for (const [index] of detail.steps.entries()) {
        const row = page.getByTestId(`step-row-${index}`);
        for (const id of STEP_CELLS) {
          const cell = (await row.getByTestId(id).boundingBox())!;
          const inDrawer = cell.x >= drawer.x - 0.5 && cell.x + cell.width <= drawer.x + drawer.width + 0.5;
          expect(inDrawer, `step ${index} ${id} ${JSON.stringify(cell)} inside ${JSON.stringify(drawer)}`).toBe(true);
        }
      }
    });
  }
}
