import { describe, expect, it } from 'vitest';
import { applicationTexts } from '../features/application/application-texts.ts';
import { authTexts } from '../features/auth/auth-texts.ts';
import { bankCardsTexts } from '../features/bank-cards/bank-cards-texts.ts';
import { checkoutTexts } from '../features/commerce/checkout-texts.ts';
import { commerceTexts } from '../features/commerce/commerce-texts.ts';
import { downloadTexts } from '../features/commerce/download-texts.ts';
import { embeddedTexts } from '../features/embedded/embedded-texts.ts';
import { loansTexts } from '../features/loans/loans-texts.ts';
import { meTexts } from '../features/me/me-texts.ts';
import { profileTexts } from '../features/profile/profile-texts.ts';
import { reliefTexts } from '../features/relief/relief-texts.ts';
import { repaymentsTexts } from '../features/repayments/repayments-texts.ts';
import { translator } from '../lib/i18n.ts';
import { enUS } from '../lib/locales/en-US.ts';
import { idID } from '../lib/locales/id-ID.ts';

// The features' text namespaces, checked here because only app/ may import every feature. The key sets of the two
// languages are checked at compile time (defineTexts); what types cannot say is checked below.
const NAMESPACES = {
  applicationTexts,
  authTexts,
  bankCardsTexts,
  checkoutTexts,
  commerceTexts,
  downloadTexts,
  embeddedTexts,
  loansTexts,
  meTexts,
  profileTexts,
  reliefTexts,
  repaymentsTexts,
};

function leaves(obj: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const [kk, vv] of leaves(v as object, key)) out.set(kk, vv);
    else out.set(key, v);
  }
  return out;
}

describe.each(Object.entries(NAMESPACES))('text namespace %s', (_name, ns) => {
  const en = leaves(ns['en-US']);
  const id = leaves(ns['id-ID']);

  it('has the same keys in both languages', () => {
    expect([...id.keys()].sort()).toEqual([...en.keys()].sort());
  });
  it('has no empty or non-string texts', () => {
    for (const [k, v] of [...en, ...id]) expect(typeof v === 'string' && v.trim().length > 0, k).toBe(true);
  });
  it('has the same placeholders in both languages', () => {
    const vars = (s: unknown) => [...String(s).matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const [k, v] of en) expect(vars(id.get(k)), k).toEqual(vars(v));
  });
  it('names no top-level key of the core, whose texts its t reads too', () => {
    const core = new Set(Object.keys(enUS));
    expect(Object.keys(ns['en-US']).filter((k) => core.has(k))).toEqual([]);
  });
});

describe('a namespace t', () => {
  it('reads the namespace and the core, in the language asked, plurals included', () => {
    const en = translator('en-US', repaymentsTexts);
    const id = translator('id-ID', repaymentsTexts);
    expect(en('repayment.dueIn', { count: 1 })).toBe('Due tomorrow');
    expect(en('repayment.dueIn', { count: 3 })).toBe('Due in 3 days');
    expect(id('repayment.dueIn', { count: 3 })).toBe('Jatuh tempo 3 hari lagi');
    expect(en('common.back')).toBe('Back');
  });
});

describe('flexible repayment', () => {
  // "Pembayaran fleksibel" in the title above "Pelunasan fleksibel" on the page read as two different things.
  it('is called by one name in each language, in page titles and on the pages', () => {
    for (const [locale, core] of [
      ['en-US', enUS],
      ['id-ID', idID],
    ] as const) {
      const texts = repaymentsTexts[locale].repayment;
      const name = texts.flexTitle.toLowerCase();
      expect(core.title.flexibleRepayment.toLowerCase(), locale).toBe(name);
      expect(core.title.flexibleRepaymentIntroduce.toLowerCase(), locale).toContain(name);
      expect(texts.aboutFlexible.toLowerCase(), locale).toContain(name);
    }
  });
});
