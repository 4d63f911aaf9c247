import { beforeEach, describe, expect, it } from 'vitest';
import { initialLoginPhone } from './login-phone.ts';
import { LOCAL_KEYS } from './storage-keys.ts';

describe('initialLoginPhone', () => {
  beforeEach(() => localStorage.clear());

  it("shows the /index query's 62... phone in the local form", () => {
    expect(initialLoginPhone('6281234567890')).toBe('081234567890');
  });
  it('the query wins over the stored login phone, which is shown in the local form otherwise', () => {
    localStorage.setItem(LOCAL_KEYS.loginPhone, '6281377778888');
    expect(initialLoginPhone('081234567890')).toBe('081234567890');
    expect(initialLoginPhone(null)).toBe('081377778888');
  });
  it('an explicit null store ignores the stored phone; an unreadable phone is shown as given', () => {
    localStorage.setItem(LOCAL_KEYS.loginPhone, '6281377778888');
    expect(initialLoginPhone(null, null)).toBe('');
    expect(initialLoginPhone('12ab', null)).toBe('12ab');
  });
});
