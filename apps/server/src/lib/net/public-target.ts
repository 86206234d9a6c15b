import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { isBlockedAddress, isBlockedHostname } from './ip-policy';

/**
 * The one address policy of every server-side request to an address a user typed (the AI writer's links, a
 * business's KRA eTIMS address): http(s) only, no credentials in the URL, and every address the host name resolves
 * to must be public (ip-policy.ts), unless `allow` lets it through (tests, or an operator's switch for local test
 * servers). The request then connects to the address checked here (pinnedLookup), so a second DNS answer (DNS
 * rebinding) cannot send it elsewhere.
 */
export interface TargetOptions {
  /** Resolves a host name to all its addresses (tests inject one). */
  lookup?: (hostname: string) => Promise<Array<{ address: string; family: number }>>;
  /** Lets a blocked address through (tests allow one 127.0.0.1 port; an operator allows private networks). */
  allow?: (address: string, port: number) => boolean;
}

export interface Target {
  url: URL;
  address: string;
  family: number;
  port: number;
}

/** Why a URL may not be requested: each caller words it for its own screen. */
export type TargetRefusal = 'invalid' | 'scheme' | 'credentials' | 'internal_name' | 'blocked' | 'unresolved';

export class TargetError extends Error {
  constructor(
    readonly reason: TargetRefusal,
    readonly host: string,
  ) {
    super(`target refused: ${reason}`);
    this.name = 'TargetError';
  }
}

/** All the addresses a name resolves to (DNS, the system's resolver). */
export async function defaultLookup(hostname: string) {
  return dnsLookup(hostname, { all: true, verbatim: true });
}

/** The port a URL connects to. */
export const portOf = (url: URL): number => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/**
 * Checks a URL's form and name without resolving it (what a settings form can refuse at once): a literal address
 * must be public, a name must not be an internal one. Forms like http://2130706433/ or http://0x7f.1/ are parsed by
 * the URL parser into their dotted address first, so they are judged as the address they are.
 */
export function checkUrlForm(raw: string, allow: TargetOptions['allow'] = () => false): { url: URL; host: string; port: number } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetError('invalid', '');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TargetError('scheme', host);
  if (url.username || url.password) throw new TargetError('credentials', host);
  const port = portOf(url);
  if (isIP(host)) {
    if (isBlockedAddress(host) && !allow(host, port)) throw new TargetError('blocked', host);
  } else if (isBlockedHostname(host) && !allow(host, port)) throw new TargetError('internal_name', host);
  return { url, host, port };
}

/** Checks a URL and resolves it to one address that may be contacted; every resolved address must be public. */
export async function resolveTarget(raw: string, opts: TargetOptions = {}): Promise<Target> {
  const allow = opts.allow ?? (() => false);
  const { url, host, port } = checkUrlForm(raw, allow);
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (opts.lookup ?? defaultLookup)(host);
    } catch {
      throw new TargetError('unresolved', host);
    }
    if (!addresses.length) throw new TargetError('unresolved', host);
  }
  for (const a of addresses) if (isBlockedAddress(a.address) && !allow(a.address, port)) throw new TargetError('blocked', host);
  return { url, address: addresses[0].address, family: addresses[0].family, port };
}

/** A lookup that answers the checked address only: give it to http(s).request with `agent: false`. */
export function pinnedLookup(target: Pick<Target, 'address' | 'family'>): LookupFunction {
  return (_hostname, options, callback) => {
    if (typeof options === 'object' && options?.all)
      (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: target.address, family: target.family }]);
    else (callback as (e: null, a: string, f: number) => void)(null, target.address, target.family);
  };
}
