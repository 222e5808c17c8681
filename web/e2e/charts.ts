import { expect, type Page } from '@playwright/test';

/**
 * What a daily chart (Home's, a Data report's) says about each day, read as a user reads it: the
 * axis tooltip shown while the pointer moves across the canvas (the chart is pixels; its figures
 * are in the tooltip).
 */
export async function chartTooltips(page: Page, testId: string): Promise<Map<string, string>> {
  const chart = page.getByTestId(testId);
  await expect(chart.locator('canvas')).toHaveCount(1);
  await chart.scrollIntoViewIfNeeded();
  const box = (await chart.boundingBox())!;
  // ECharts appends its tooltip beside the canvas's wrapper, inside the chart's box.
  const tooltip = chart.locator(':scope > div').nth(1);
  const days = new Map<string, string>();
  for (let x = box.x + 8; x < box.x + box.width - 8; x += 10) {
    await page.mouse.move(x, box.y + box.height * 0.6);
    // ECharts follows the pointer on its next frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    if (!(await tooltip.isVisible())) continue;
    const text = await tooltip.innerText();
    const date = /\d{4}-\d{2}-\d{2}/.exec(text)?.[0];
    if (date) days.set(date, text);
  }
  await page.mouse.move(0, 0);
  return days;
}
