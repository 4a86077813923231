import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMAGE_ADDRESS_MESSAGE, isAcceptableImageAddress } from './image-address';
import { isPublicHostname, isPublicIpv4, isPublicIpv6, publicHttpsUrl } from './outside-address';

const accepted = (text: string) => publicHttpsUrl(text) !== null;

/** The ranges no reader's browser may be sent to, written out here independently of the rule. */
const NON_PUBLIC_IPV4_CIDRS = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
];

const toNumber = (dotted: string) => dotted.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const toDotted = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
const RANGES = NON_PUBLIC_IPV4_CIDRS.map((cidr) => {
  const [first, bits] = cidr.split('/') as [string, string];
  return { first: toNumber(first), size: 2 ** (32 - Number(bits)) };
});
const inNonPublicRange = (n: number) => RANGES.some((r) => n >= r.first && n < r.first + r.size);

/** An address inside one of the non-public ranges. */
const nonPublicIpv4 = fc
  .integer({ min: 0, max: RANGES.length - 1 })
  .chain((i) => fc.integer({ min: 0, max: RANGES[i]!.size - 1 }).map((offset) => RANGES[i]!.first + offset));
const anyIpv4 = fc.integer({ min: 0, max: 2 ** 32 - 1 });
const publicIpv4 = anyIpv4.filter((n) => !inNonPublicRange(n));

/** Every way a browser reads one IPv4 address: dotted, one number (decimal, hex, octal), dotted hex and octal, short forms. */
function spellings(n: number): string[] {
  const bytes = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  return [
    toDotted(n),
    String(n),
    `0x${n.toString(16)}`,
    `0${n.toString(8)}`,
    bytes.map((b) => `0x${b.toString(16)}`).join('.'),
    bytes.map((b) => `0${b.toString(8)}`).join('.'),
    `${bytes[0]}.${n & 0xffffff}`,
    `0x${bytes[0]!.toString(16)}.${(n & 0xffffff).toString(16).replace(/^/, '0x')}`,
    `${bytes[0]}.${bytes[1]}.${n & 0xffff}`,
  ];
}

const hexGroup = (max = 0xffff, min = 0) => fc.integer({ min, max }).map((g) => g.toString(16));
/** A full (uncompressed) IPv6 address whose first group is drawn from [min, max]. */
const ipv6With = (min: number, max: number) =>
  fc.tuple(hexGroup(max, min), fc.array(hexGroup(), { minLength: 7, maxLength: 7 })).map(([first, rest]) => [first, ...rest].join(':'));

describe('the outside-address rule (public https addresses only)', () => {
  it('accepts public https addresses, as the browser will request them', () => {
    expect(publicHttpsUrl('https://example.com/a.png')?.href).toBe('https://example.com/a.png');
    expect(publicHttpsUrl('https://images.example.co.uk:8443/a b.png?w=1#x')?.href).toBe('https://images.example.co.uk:8443/a%20b.png?w=1#x');
    expect(publicHttpsUrl('https://例え.jp/a.png')?.href).toBe('https://xn--r8jz45g.jp/a.png');
    expect(publicHttpsUrl('HTTPS://EXAMPLE.COM./a.png')?.href).toBe('https://example.com./a.png');
    expect(accepted('https://8.8.8.8/a.png')).toBe(true);
    expect(accepted('https://[2606:4700:4700::1111]/a.png')).toBe(true);
    expect(accepted('https://[::ffff:8.8.8.8]/a.png')).toBe(true);
  });

  it('refuses every scheme but https', () => {
    for (const text of [
      'http://example.com/a.png',
      'http://2130706433/',
      'ftp://example.com/a.png',
      'ws://example.com/',
      'wss://example.com/',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'file:///etc/passwd',
      'blob:https://example.com/0b6c',
      '//example.com/a.png',
      '/storage/idea-images/a.png',
      'example.com/a.png',
      '',
      'not a url',
    ]) {
      expect(accepted(text), text).toBe(false);
    }
  });

  it('refuses credentials in the address', () => {
    for (const text of ['https://user@example.com/a.png', 'https://user:secret@example.com/a.png', 'https://:secret@example.com/a.png']) {
      expect(accepted(text), text).toBe(false);
    }
  });

  it('refuses loopback, private, link-local, CGNAT, this-network, broadcast, multicast and reserved IPv4 addresses', () => {
    for (const host of [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '0.1.2.3',
      '255.255.255.255',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '192.0.2.1',
      '198.18.0.1',
    ]) {
      expect(accepted(`https://${host}/a.png`), host).toBe(false);
    }
    // Just outside the ranges.
    for (const host of ['172.32.0.1', '100.128.0.1', '11.0.0.1', '126.255.255.255', '223.255.255.255', '169.253.255.255']) {
      expect(accepted(`https://${host}/a.png`), host).toBe(true);
    }
  });

  it('reads decimal, octal and hex IPv4 spellings as the browser does', () => {
    for (const text of ['https://2130706433/', 'https://0x7f.1/', 'https://0x7f000001/', 'https://0177.0.0.1/', 'https://017700000001/', 'https://127.1/', 'https://0/', 'https://0x0a.0.0.1/', 'https://3232235777/']) {
      expect(accepted(text), text).toBe(false);
    }
    expect(publicHttpsUrl('https://134744072/')?.hostname).toBe('8.8.8.8');
  });

  it('refuses loopback, unique-local, link-local, IPv4-mapped private and unclassifiable IPv6 addresses', () => {
    for (const host of [
      '[::1]',
      '[::]',
      '[0:0:0:0:0:0:0:1]',
      '[fc00::1]',
      '[fd12:3456:789a::1]',
      '[fe80::1]',
      '[febf::1]',
      '[ff02::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[::ffff:10.0.0.1]',
      '[::ffff:192.168.0.1]',
      '[::ffff:169.254.169.254]',
      '[::127.0.0.1]',
      '[64:ff9b::7f00:1]',
      '[2001:db8::1]',
      '[2001:0:4136:e378:8000:63bf:3fff:fdd2]',
      '[2002:7f00:1::1]',
      '[3fff::1]',
    ]) {
      expect(accepted(`https://${host}/a.png`), host).toBe(false);
    }
  });

  it('refuses localhost, *.localhost, single-label hosts and names that only exist inside a network', () => {
    for (const host of [
      'localhost',
      'LOCALHOST',
      'localhost.',
      'app.localhost',
      'a.b.localhost.',
      '%6c%6fcalhost',
      'intranet',
      'router.',
      'printer.local',
      'db.internal',
      'nas.home.arpa',
      '1.0.0.127.in-addr.arpa',
      'fritz.lan',
      'a..example.com',
      '.example.com',
    ]) {
      expect(accepted(`https://${host}/a.png`), host).toBe(false);
    }
  });

  it('classifies host names as URL gives them', () => {
    expect(isPublicHostname('example.com')).toBe(true);
    expect(isPublicHostname('[2606:4700::1]')).toBe(true);
    expect(isPublicHostname('[2606:4700::1')).toBe(false);
    expect(isPublicIpv4('1.2.3')).toBe(false);
    expect(isPublicIpv4('1.2.3.256')).toBe(false);
    expect(isPublicIpv6('1:2:3:4:5:6:7')).toBe(false);
    expect(isPublicIpv6('2001:4860::1::2')).toBe(false);
    expect(isPublicIpv6('2001:4860:0:0:0:0:0:1:2')).toBe(false);
  });

  it('property: every spelling of a non-public IPv4 address is refused', () => {
    fc.assert(
      fc.property(nonPublicIpv4, (n) => {
        for (const spelling of spellings(n)) expect(accepted(`https://${spelling}/x.png`), spelling).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('property: every spelling of a public IPv4 address is accepted, and any IPv4 address is judged alike in all its spellings', () => {
    fc.assert(
      fc.property(publicIpv4, (n) => {
        for (const spelling of spellings(n)) expect(publicHttpsUrl(`https://${spelling}/x.png`)?.hostname, spelling).toBe(toDotted(n));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(anyIpv4, (n) => {
        const verdict = !inNonPublicRange(n);
        for (const spelling of spellings(n)) expect(accepted(`https://${spelling}/`), spelling).toBe(verdict);
      }),
      { numRuns: 500 },
    );
  });

  it('property: unique-local, link-local, multicast and IPv4-mapped non-public IPv6 addresses are refused; other global ones accepted', () => {
    const refused = fc.oneof(
      ipv6With(0xfc00, 0xfdff),
      ipv6With(0xfe80, 0xfebf),
      ipv6With(0xff00, 0xffff),
      nonPublicIpv4.map((n) => `::ffff:${toDotted(n)}`),
      nonPublicIpv4.map((n) => `0:0:0:0:0:ffff:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`),
    );
    fc.assert(
      fc.property(refused, (ip) => {
        expect(accepted(`https://[${ip}]/x.png`), ip).toBe(false);
      }),
      { numRuns: 500 },
    );
    // Global unicast outside 2001::/23, 2001:db8::/32, 2002::/16 and 3fff::/20.
    const global = ipv6With(0x2400, 0x3ffe);
    fc.assert(
      fc.property(global, publicIpv4, (ip, n) => {
        expect(accepted(`https://[${ip}]/x.png`), ip).toBe(true);
        expect(accepted(`https://[::ffff:${toDotted(n)}]/x.png`)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('property: a non-https scheme or credentials are refused whatever the host', () => {
    const scheme = fc.constantFrom('http', 'ftp', 'ws', 'wss', 'file', 'gopher', 'javascript', 'data', 'x-custom');
    const host = fc.constantFrom('example.com', '8.8.8.8', 'images.example.org', '[2606:4700::1]');
    fc.assert(fc.property(scheme, host, (s, h) => {
      expect(accepted(`${s}://${h}/x.png`)).toBe(false);
    }));
    const user = fc.string({ minLength: 1, maxLength: 8 }).map(encodeURIComponent);
    fc.assert(fc.property(user, host, (u, h) => {
      expect(accepted(`https://${u}@${h}/x.png`)).toBe(false);
    }));
  });

  it('property: an accepted address is accepted again as written back, unchanged (normalising once is enough)', () => {
    const address = fc.webUrl({ validSchemes: ['https'], withQueryParameters: true, withFragments: true });
    fc.assert(
      fc.property(address, (text) => {
        const first = publicHttpsUrl(text);
        if (!first) return;
        expect(publicHttpsUrl(first.href)?.href).toBe(first.href);
      }),
      { numRuns: 100 },
    );
  });
});

describe('the image address (an upload of ours or a public https address)', () => {
  it('takes our upload paths and public https addresses, with one message for the rest', () => {
    expect(IMAGE_ADDRESS_MESSAGE).toBe('Please use a public https image address.');
    expect(isAcceptableImageAddress('/storage/idea-images/u-1-a.webp')).toBe(true);
    expect(isAcceptableImageAddress('https://example.com/a.png')).toBe(true);
    for (const text of ['/storage/other/a.png', '/storage/idea-images/\\evil.test', '/api/ideas', 'http://example.com/a.png', 'https://127.0.0.1/a.png', 'https://localhost/a.png']) {
      expect(isAcceptableImageAddress(text), text).toBe(false);
    }
  });
});
