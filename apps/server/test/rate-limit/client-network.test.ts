import { describe, expect, it } from 'vitest';
import { clientNetwork } from '../../src/rate-limit/client-network.ts';

describe('clientNetwork', () => {
  it('keeps IPv4 addresses, including IPv4-mapped IPv6 ones', () => {
    expect(clientNetwork('36.72.1.9')).toBe('36.72.1.9');
    expect(clientNetwork('::ffff:36.72.1.9')).toBe('36.72.1.9');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const network = '2001:db8:aa:1::/64';
    for (const ip of [
      '2001:db8:aa:1::1',
      '2001:0db8:00aa:0001:ffff:ffff:ffff:ffff',
      '2001:db8:aa:1:1234::5',
      '2001:DB8:AA:1::abcd%eth0',
    ])
      expect(clientNetwork(ip), ip).toBe(network);
    expect(clientNetwork('2001:db8:aa:2::1')).not.toBe(network);
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('64:ff9b::1.2.3.4')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});
