import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address-key.ts';

describe('clientAddressKey', () => {
  it.each([
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['203.0.113.7', '203.0.113.7'],
    ['::1', '0:0:0:0::/64'],
    ['', ''],
    // Mapped IPv4 only as the whole address, in any case, with octets of any length and in range.
    ['::FFFF:10.20.30.40', '10.20.30.40'],
    ['1::ffff:1.2.3.4', '1:0:0:0::/64'],
    ['::ffff:1.2.3.4%eth0', '0:0:0:0::/64'],
    ['::ffff:999.1.1.1', '::ffff:999.1.1.1'],
    // Groups after the gap, and a trailing dotted part, place the fourth group right.
    ['2001:db8::a:b:c:d:e', '2001:db8:0:a::/64'],
    ['2001:db8:1::a:b:c:d', '2001:db8:1:0::/64'],
    ['2001:db8::a:b:c:192.0.22.33', '2001:db8:0:a::/64'],
    ['2001:db8::a:b:c:192.10.22.33', '2001:db8:0:a::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
  ])('counts %j as %j', (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });

  it('gives every address of one /64 the same key, and the next /64 another', () => {
    const keys = new Set(
      ['2001:db8:a:b::1', '2001:db8:a:b:dead:beef::9', '2001:db8:a:b:1:2:3:4'].map(clientAddressKey),
    );
    expect(keys.size).toBe(1);
    expect(clientAddressKey('2001:db8:a:c::1')).not.toBe([...keys][0]);
  });
});
