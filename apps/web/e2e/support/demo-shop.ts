// The demo shop of /dev/merchant, driven as a person at a desk would: it creates an order (a signed merchant call made
// by the server) and lists the webhooks it received (their signatures checked as a real shop would).
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Opens the shop in a desktop tab, creates an order with its default item, and answers the checkout link. */
export async function shopCreatesOrder(page: Page): Promise<string> {
  const shop = await page.context().newPage();
  try {
    await shop.setViewportSize({ width: 1280, height: 800 });
    await shop.goto('/dev/merchant');
    await shop.getByTestId('create-order').click();
    const row = shop.getByTestId('merchant-order').first();
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('unpaid');
    const href = await row.getByTestId('open-checkout').getAttribute('href');
    if (!href) throw new Error('the demo shop shows no checkout link');
    return new URL(href, shop.url()).pathname + new URL(href, shop.url()).search;
  } finally {
    await shop.close();
  }
}

/** The shop lists the order paid and one verified `order.paid` webhook for it (the job runner may take a moment). */
export async function shopReceivedWebhook(page: Page): Promise<void> {
  const shop = await page.context().newPage();
  try {
    await shop.setViewportSize({ width: 1280, height: 800 });
    await expect
      .poll(
        async () => {
          await shop.goto('/dev/merchant');
          return shop.locator('[data-testid="merchant-webhook"][data-verified="true"]').count();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(1);
    expect(await shop.getByTestId('merchant-order').first().getAttribute('data-status')).toBe('paid');
  } finally {
    await shop.close();
  }
}
