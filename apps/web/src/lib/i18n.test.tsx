import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  currentLocale,
  defineTexts,
  interpolate,
  loadLocale,
  setLocale,
  storedLocale,
  initialLocale,
  t as tNow,
  translator,
  useT,
  type TKey,
} from './i18n.ts';
import { LOCAL_KEYS } from './storage-keys.ts';
import { enUS } from './locales/en-US.ts';
import { idID } from './locales/id-ID.ts';

function leaves(obj: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
    else out.set(key, v);
  }
  return out;
}

describe('translations', () => {
  const en = leaves(enUS);
  const id = leaves(idID);
  it('every en-US key exists in id-ID', () => {
    expect([...en.keys()].filter((k) => !id.has(k))).toEqual([]);
  });
  it('every id-ID key exists in en-US', () => {
    expect([...id.keys()].filter((k) => !en.has(k))).toEqual([]);
  });
  it('no empty or non-string texts', () => {
    for (const [k, v] of [...en, ...id]) expect(typeof v === 'string' && v.trim().length > 0, k).toBe(true);
  });
  it('placeholders match between languages', () => {
    const vars = (s: unknown) => [...String(s).matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const [k, v] of en) expect(vars(id.get(k)), k).toEqual(vars(v));
  });
});

describe('t', () => {
  afterEach(async () => {
    localStorage.clear();
    await loadLocale('en-US');
  });

  it('looks up dot keys and interpolates {{vars}}', () => {
    const t = translator('en-US');
    expect(t('common.back')).toBe('Back');
    expect(t('me.memberSince', { date: '01/02/2025' })).toBe('Member since 01/02/2025');
  });

  it('picks _one / _other by count with the locale plural rules', async () => {
    await loadLocale('id-ID');
    expect(translator('en-US')('landing.example.tenorMonths', { count: 1 })).toBe('1 month');
    expect(translator('en-US')('landing.example.tenorMonths', { count: 3 })).toBe('3 months');
    expect(translator('id-ID')('landing.example.tenorMonths', { count: 1 })).toBe('1 bulan');
  });

  it('leaves unknown placeholders and unknown keys as written', () => {
    expect(interpolate('a {{x}} {{y}}', { x: 1 })).toBe('a 1 {{y}}');
    expect(translator('en-US')('no.such' as TKey)).toBe('no.such');
  });

  it('switches language, persists APP_LOCALE, sets <html lang> and notifies subscribers', async () => {
    expect(currentLocale()).toBe('en-US');
    await setLocale('id-ID');
    expect(currentLocale()).toBe('id-ID');
    expect(localStorage.getItem(LOCAL_KEYS.locale)).toBe('id-ID');
    expect(document.documentElement.lang).toBe('id-ID');
    expect(tNow('common.back')).toBe('Kembali');
    expect(storedLocale()).toBe('id-ID');
  });

  it('with no stored choice follows the browser when it prefers Indonesian, else English; a choice wins', () => {
    expect(initialLocale(['id-ID', 'en-US'])).toBe('id-ID');
    expect(initialLocale(['id'])).toBe('id-ID');
    expect(initialLocale(['in-ID'])).toBe('id-ID');
    expect(initialLocale(['en-GB', 'id-ID'])).toBe('en-US');
    expect(initialLocale(['ms-MY'])).toBe('en-US');
    expect(initialLocale([])).toBe('en-US');
    localStorage.setItem(LOCAL_KEYS.locale, 'en-US');
    expect(initialLocale(['id-ID'])).toBe('en-US');
    localStorage.setItem(LOCAL_KEYS.locale, 'id-ID');
    expect(initialLocale(['en-US'])).toBe('id-ID');
  });

  it('the English UI says "Check my limit", not the Indonesian "Cek limit"', () => {
    expect(translator('en-US')('unaudited.cekLimit')).toBe('Check my limit');
    expect(translator('id-ID')('unaudited.cekLimit')).toBe('Cek limit');
  });

  it('useT re-renders on a switch', async () => {
    function Probe() {
      const t = useT();
      return <span data-testid="probe">{t('common.back')}</span>;
    }
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('Back');
    await act(() => setLocale('id-ID'));
    expect(screen.getByTestId('probe').textContent).toBe('Kembali');
  });

  it('useT(namespace) reads the namespace and the core, and re-renders on a switch', async () => {
    const probeTexts = defineTexts({
      'en-US': { probe: { hello: 'Hello {{name}}' } },
      'id-ID': { probe: { hello: 'Halo {{name}}' } },
    });
    function Probe() {
      const t = useT(probeTexts);
      return <span data-testid="probe">{`${t('probe.hello', { name: 'Budi' })} / ${t('common.back')}`}</span>;
    }
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('Hello Budi / Back');
    await act(() => setLocale('id-ID'));
    expect(screen.getByTestId('probe').textContent).toBe('Halo Budi / Kembali');
  });
});
