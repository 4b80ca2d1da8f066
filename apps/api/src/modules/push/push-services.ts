import dns from 'node:dns';
import net from 'node:net';

/**
 * The web-push services browsers subscribe through: the only hosts the shop posts notifications to. The one list
 * (decision 031): a browser with another service is refused when its device is added, with PUSH_REFUSED.
 */
export const PUSH_SERVICES: readonly { browsers: string; host: string; subdomains?: true }[] = [
  { browsers: 'Chrome, Android, Opera, Samsung Internet (Firebase Cloud Messaging)', host: 'fcm.googleapis.com' },
  { browsers: 'Firefox (Mozilla autopush)', host: 'updates.push.services.mozilla.com' },
  { browsers: 'Safari on macOS, iPhone and iPad (Apple web push)', host: 'web.push.apple.com' },
  { browsers: 'Edge on Windows (Windows Push Notification Services)', host: 'notify.windows.com', subdomains: true },
];

export const PUSH_REFUSED =
  /*i18n*/ "This browser's notification service is not one the shop can send to. Turn notifications on from Chrome, Firefox, Safari or Edge.";

const LOCAL_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** https on port 443 at a listed push service; with `allowLocal`, also the tests' stand-in on this machine (http too). */
export function isPushServiceEndpoint(endpoint: string, allowLocal: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (allowLocal && LOCAL_HOST.test(host) && (url.protocol === 'https:' || url.protocol === 'http:')) return true;
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  return PUSH_SERVICES.some((service) => host === service.host || (service.subdomains === true && host.endsWith(`.${service.host}`)));
}

/** Addresses no push service has: private, loopback, link-local, CGNAT, multicast, documentation, reserved. */
const NOT_PUBLIC = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
// Inside global unicast (2000::/3): IETF protocol ranges (Teredo among them), 6to4 and the documentation ranges.
for (const [network, prefix] of [['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['3fff::', 20]] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
const GLOBAL_UNICAST = new net.BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

/**
 * Whether an address is on the public internet. IPv6 counts only within global unicast, so loopback, link-local,
 * unique-local, multicast and every address that carries an IPv4 one (IPv4-mapped, NAT64) are refused whole.
 */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family === 6) return GLOBAL_UNICAST.check(address, 'ipv6') && !NOT_PUBLIC.check(address, 'ipv6');
  return false;
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

type LookupCallback = (err: Error | null, address: string | { address: string; family: number }[], family?: number) => void;

/**
 * A `lookup` for http(s).request that answers only public addresses (or loopback with `allowLocal`): the check is
 * made on the very addresses the connection then uses, so a name that points elsewhere by send time (a rebinding
 * DNS answer) fails before any connection is opened.
 */
export function guardedLookup(resolve: Resolver, allowLocal: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((a) => !isAllowedAddress(a.address, allowLocal));
        if (addresses.length === 0 || refused) {
          callback(Object.assign(new Error(`${hostname} resolves to ${refused?.address ?? 'nothing'}, not a public address`), { code: 'EPUSHADDRESS' }), '');
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), ''),
    );
  };
}

export function isAllowedAddress(address: string, allowLocal: boolean): boolean {
  return isPublicAddress(address) || (allowLocal && (address === '::1' || address.startsWith('127.')));
}
