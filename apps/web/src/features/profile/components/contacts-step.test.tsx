import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocialView } from '@kaskita/domain/contract/profile';
import { formatAmount } from '@kaskita/domain/money/rupiah';
import { cashLoanProduct } from '@kaskita/domain/pricing/default-products';
import { configureApi } from '../../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { answer, callOf, type Wire } from '../../../test/api-answer.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { ContactsStep } from './contacts-step.tsx';
import { emptySocial, formBody, profileServer, progressOf } from './profile-test-fixtures.ts';

const fetch = vi.fn();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
});

const before = ['ktp', 'person-info', 'job-info', 'work-info'] as const;
const saved: Wire<SocialView> = {
  socials: [
    { relation: 2, name: 'Siti Aminah', phone: '081234567891' },
    { relation: 7, name: 'Andi Wijaya', phone: '081234567891' },
  ],
  contact_consent: true,
  expect_amount: 3_000_000,
  expect_period: 6,
};
const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);

describe('contacts step', () => {
  it('refuses the same phone for both contacts under the second one, then sends socials as a JSON string', async () => {
    fetch.mockImplementation(
      profileServer({
        getProfileProgress: progressOf([...before], 'contacts'),
        getSocial: saved,
        saveSocial: progressOf([...before, 'contacts'], 'bank'),
      }),
    );
    const app = renderApp(<ContactsStep />, { path: '/user-into/contacts' });
    expect((await screen.findByTestId<HTMLInputElement>('contacts-expect-amount')).value).toBe('3.000.000');
    expect(input('contact-0-phone').inputMode).toBe('tel');
    await app.user.click(screen.getByTestId('step-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The two emergency contacts must have different phone numbers',
    );
    expect(input('contact-1-phone').getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.some((c) => callOf(c) === 'saveSocial')).toBe(false);

    await app.user.clear(input('contact-1-phone'));
    await app.user.type(input('contact-1-phone'), '081298765432');
    expect(input('contact-1-phone').getAttribute('aria-invalid')).toBeNull();
    // The relation comes from the bottom sheet of options (clicked directly: antd-mobile's sheet animates in with
    // pointer-events off, which jsdom never finishes).
    await app.user.click(screen.getByTestId('contact-1-relation'));
    fireEvent.click(await screen.findByTestId('contact-1-relation-option-5'));
    await waitFor(() => expect(screen.getByTestId('contact-1-relation').textContent).toBe('Colleague'));
    await app.user.click(screen.getByTestId('step-submit'));
    await waitFor(() => expect(app.location()).toBe('/home/add-bank'));

    const body = formBody(fetch.mock.calls.find((c) => callOf(c) === 'saveSocial')![1] as RequestInit);
    // Phones go as the shared phone schema normalises them (62...), the same form the server compares.
    expect(JSON.parse(body.socials!)).toEqual([
      { relation: 2, name: 'Siti Aminah', phone: '6281234567891' },
      { relation: 5, name: 'Andi Wijaya', phone: '6281298765432' },
    ]);
    expect(body).toMatchObject({ contact_consent: '1', expect_amount: '3000000', expect_period: '6' });
  });

  it('the consent to contact them is required', async () => {
    fetch.mockImplementation(
      profileServer({
        getProfileProgress: progressOf([...before], 'contacts'),
        getSocial: {
          ...saved,
          contact_consent: false,
          socials: [saved.socials[0]!, { ...saved.socials[1]!, phone: '081298765432' }],
        },
      }),
    );
    const app = renderApp(<ContactsStep />, { path: '/user-into/contacts' });
    await app.user.click(await screen.findByTestId('step-submit'));
    expect(input('contacts-consent').getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.some((c) => callOf(c) === 'saveSocial')).toBe(false);
  });

  it("the server's field errors land on their fields, nested ones on the right contact", async () => {
    fetch.mockImplementation(
      profileServer({
        getProfileProgress: progressOf([...before], 'contacts'),
        getSocial: {
          ...saved,
          socials: [saved.socials[0]!, { ...saved.socials[1]!, phone: '081298765432' }],
        },
        saveSocial: () =>
          answer(4000, {
            fields: { 'socials.1.phone': 'phone.invalid', expect_amount: 'expect_amount.range' },
          }),
      }),
    );
    const app = renderApp(<ContactsStep />, { path: '/user-into/contacts' });
    await app.user.click(await screen.findByTestId('step-submit'));
    await waitFor(() => expect(input('contact-1-phone').getAttribute('aria-invalid')).toBe('true'));
    expect(input('contact-0-phone').getAttribute('aria-invalid')).toBeNull();
    expect(input('contacts-expect-amount').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
      'Please enter a valid mobile number (10-14 digits)',
    );
    expect(app.location()).toBe('/user-into/contacts');
  });

  it("offers the cash loan's own limit range and months, and a parent as a contact", async () => {
    fetch.mockImplementation(
      profileServer({ getProfileProgress: progressOf([...before], 'contacts'), getSocial: emptySocial }),
    );
    const app = renderApp(<ContactsStep />, { path: '/user-into/contacts' });
    const { amount, tenors } = cashLoanProduct;
    expect((await screen.findByTestId('contacts-expect-amount')).getAttribute('placeholder')).toBe(
      `Rp ${formatAmount(amount.min)} to Rp ${formatAmount(amount.max)}`,
    );
    await app.user.click(screen.getByTestId('contacts-expect-period'));
    const longest = Math.max(...tenors.filter((t) => t.unit === 'month').map((t) => t.length));
    expect(await screen.findByTestId(`contacts-expect-period-option-${longest}`)).toBeTruthy();
    expect(screen.queryByTestId(`contacts-expect-period-option-${longest + 1}`)).toBeNull();
    await app.user.click(screen.getByTestId('contact-0-relation'));
    expect((await screen.findByTestId('contact-0-relation-option-9')).textContent).toBe('Parent');
  });

  it('starts with two blank contacts', async () => {
    fetch.mockImplementation(
      profileServer({ getProfileProgress: progressOf([...before], 'contacts'), getSocial: emptySocial }),
    );
    renderApp(<ContactsStep />, { path: '/user-into/contacts' });
    expect((await screen.findByTestId<HTMLInputElement>('contact-1-name')).value).toBe('');
    expect(input('contacts-consent').checked).toBe(false);
  });
});
