// Borrowing as an approved borrower does it on the home page: amount, tenor, purpose (groceries), the plan, the
// agreement read and accepted, submitted. The journeys about what follows a loan start here (borrowing.e2e.ts walks
// the form's own rules).
import type { Page } from 'playwright-core';

export async function borrowOnHome(page: Page, loan: { amount: string; tenor: string }): Promise<void> {
  await page.goto('/home');
  await page.getByTestId('borrow-form').waitFor({ timeout: 30_000 });
  await page.getByTestId('loan-amount').fill(loan.amount);
  await page.getByTestId('loan-amount').press('Enter');
  await page.getByTestId(`loan-tenor-${loan.tenor}`).click();
  await page.getByTestId('loan-purpose').click();
  await page.getByTestId('loan-purpose-kind-1').click();
  await page.getByTestId('loan-purpose-option-101').click();
  await page.getByTestId('see-plan').click();
  await page.getByTestId('open-agreement').click();
  // Read means loaded: closing the sheet before the text arrives leaves the agreement unread (the box stays disabled).
  await page.getByTestId('agreement-pdf').waitFor();
  await page.getByTestId('agreement-close').click();
  await page.getByTestId('agree').click();
  await page.getByTestId('submit-loan').click();
  await page.waitForURL('**/loan/loan-success**');
}
