import { describe, expect, it } from 'vitest';
import { normalisePhone } from '@kaskita/domain/validation/phone';
import { entryHasPhone, indexEntry, type IndexEntryState } from './index-entry.ts';

const empty: IndexEntryState = { token: null, loginPhone: null, promotePlatform: null, promoteAgency: null };

describe('indexEntry (spec section 2, /index)', () => {
  it.each([
    [
      'not logged in, no phone -> /home',
      '',
      empty,
      { redirectTo: '/home', loginPhone: undefined, token: undefined },
    ],
    [
      'not logged in, phone stored -> /home',
      '?phone=081234567890',
      empty,
      { redirectTo: '/home', loginPhone: '6281234567890' },
    ],
    [
      'authorization makes a session -> /home',
      '?authorization=tok',
      empty,
      { redirectTo: '/home', token: 'tok' },
    ],
    [
      'logged in, same phone -> /home',
      '?phone=+6281234567890',
      { ...empty, token: 't', loginPhone: '6281234567890' },
      { redirectTo: '/home' },
    ],
    [
      'logged in, no phone -> /home',
      '?cl=x',
      { ...empty, token: 't', loginPhone: '6281234567890' },
      { redirectTo: '/home', channel: 'x' },
    ],
    [
      'logged in, different phone -> login',
      '?phone=081299998888',
      { ...empty, token: 't', loginPhone: '6281234567890' },
      { redirectTo: '/login/main?phone=6281299998888' },
    ],
    ['unreadable phone is ignored', '?phone=abc', empty, { redirectTo: '/home', loginPhone: undefined }],
  ])('%s', (_name, search, state, expected) => {
    const r = indexEntry(search, state, normalisePhone);
    expect(r).toMatchObject(expected);
  });

  it('stores the whole query and defaults promote values to the stored ones, else 0', () => {
    const r = indexEntry('?cl=oppo&promote_platform=7&a=b', { ...empty, promoteAgency: '3' }, normalisePhone);
    expect(r).toMatchObject({ channel: 'oppo', promotePlatform: '7', promoteAgency: '3' });
    expect('query' in r && JSON.parse(r.query)).toEqual({ cl: 'oppo', promote_platform: '7', a: 'b' });
    expect(indexEntry('', empty, normalisePhone)).toMatchObject({ promotePlatform: '0', promoteAgency: '0' });
  });

  it('needs the phone rules only when the query carries a phone', () => {
    expect(entryHasPhone('?phone=081234567890')).toBe(true);
    expect(entryHasPhone('?phone=%20&cl=x')).toBe(false);
    const unused = () => {
      throw new Error('phone rules loaded without a phone');
    };
    const signedIn = { ...empty, token: 't', loginPhone: '6281234567890' };
    expect(indexEntry('?cl=x', signedIn, unused)).toMatchObject({ redirectTo: '/home' });
    expect(indexEntry('', empty, unused)).toMatchObject({ redirectTo: '/home' });
  });
});
