/**
 * Addresses on other websites that people paste into IdeaHub and that every reader's browser then
 * requests (an item's image, a picture): the one rule for every such field (issue 30 point 5).
 * Only `https:` addresses without credentials whose host is a public name or a public address
 * qualify, so a pasted address can never make readers' browsers reach into their own network
 * (a router's page, a service on their machine) or travel in clear text.
 *
 * The address is read with the WHATWG URL class, as browsers read it, so every spelling of an IPv4
 * address (`2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1`) arrives here as its dotted form and an
 * IPv6 address in its canonical compressed form. A name is judged by its text only: a public name
 * that resolves to a private address is not caught here (browsers' own private-network checks are
 * the guard there).
 */

/**
 * Top-level names that only ever resolve inside a network (RFC 6761, RFC 6762, RFC 8375, ICANN's
 * `.internal`), plus the ones home routers commonly serve; `arpa` covers `home.arpa` and reverse
 * lookups.
 */
const PRIVATE_TOP_LEVEL_NAMES = new Set(['localhost', 'local', 'internal', 'arpa', 'lan', 'home', 'corp', 'localdomain', 'intranet', 'private']);

/** IPv4 ranges that are not public (RFC 6890 and its updates): [first address, prefix length]. */
const NON_PUBLIC_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address 255.255.255.255
];

function ipv4Number(dotted: string): number | null {
  const parts = dotted.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const byte = Number(part);
    if (byte > 255) return null;
    value = value * 256 + byte;
  }
  return value;
}

const NON_PUBLIC_IPV4_RANGES = NON_PUBLIC_IPV4.map(([first, bits]) => ({ first: ipv4Number(first)!, size: 2 ** (32 - bits) }));

/** Whether a dotted IPv4 address is a public one. */
export function isPublicIpv4(dotted: string): boolean {
  const value = ipv4Number(dotted);
  if (value === null) return false;
  return !NON_PUBLIC_IPV4_RANGES.some(({ first, size }) => value >= first && value < first + size);
}

/** The eight 16-bit groups of an IPv6 address as the URL class writes it (hex, `::` allowed); null otherwise. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const read = (part: string) => (part === '' ? [] : part.split(':'));
  const head = read(halves[0]!);
  const tail = halves.length === 2 ? read(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * Whether an IPv6 address (without brackets) is a public one: global unicast (2000::/3) outside its
 * documentation and tunnelling ranges, or an IPv4-mapped address (::ffff:0:0/96) of a public IPv4
 * address. Loopback, unspecified, unique-local (fc00::/7), link-local (fe80::/10), multicast and
 * every other form (IPv4-compatible, NAT64, Teredo, 6to4) are refused: none is needed for an image.
 */
export function isPublicIpv6(text: string): boolean {
  const g = ipv6Groups(text);
  if (!g) return false;
  const [a, b, c, d, e, f, hi, lo] = g as [number, number, number, number, number, number, number, number];
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return isPublicIpv4(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  if ((a & 0xe000) !== 0x2000) return false; // not global unicast 2000::/3
  if (a === 0x2001 && b < 0x200) return false; // 2001::/23 IETF protocol assignments (Teredo among them)
  if (a === 0x2001 && b === 0x0db8) return false; // 2001:db8::/32 documentation
  if (a === 0x2002) return false; // 2002::/16 6to4
  if (a === 0x3fff && b < 0x1000) return false; // 3fff::/20 documentation
  return true;
}

/** Whether a domain name (as the URL class writes it: lower case, punycode) is a public one. */
function isPublicName(name: string): boolean {
  const trimmed = name.endsWith('.') ? name.slice(0, -1) : name;
  const labels = trimmed.split('.');
  // A single label ('intranet', 'router') is looked up in the reader's own network.
  if (labels.length < 2 || labels.some((label) => label === '')) return false;
  return !PRIVATE_TOP_LEVEL_NAMES.has(labels.at(-1)!);
}

/** Whether a URL's `hostname` names a public host: a public name, or a public IPv4 or IPv6 address. */
export function isPublicHostname(hostname: string): boolean {
  if (hostname.startsWith('[')) return hostname.endsWith(']') && isPublicIpv6(hostname.slice(1, -1));
  // The URL class turns every IPv4 spelling into dotted decimal and refuses names ending in a number.
  if (/^[\d.]+$/.test(hostname)) return isPublicIpv4(hostname);
  return isPublicName(hostname);
}

/**
 * The address as browsers will request it (normalised), when it is an `https:` address without
 * user name or password whose host is public; null otherwise. Callers trim and bound its length.
 */
export function publicHttpsUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return isPublicHostname(url.hostname) ? url : null;
}
