import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import type { Config } from '../../config';

type Addresses = Record<string, NetworkInterfaceInfo[] | undefined>;

const EVERY_INTERFACE = ['0.0.0.0', '::', ''];
const LOOPBACK = ['localhost', '127.0.0.1', '::1'];

/** `http://host:port` as a browser's Origin header writes it (IPv6 in brackets, no :80), or null for no valid origin. */
function originOf(host: string, port: number): string | null {
  try {
    return new URL(`http://${host.includes(':') ? `[${host}]` : host}:${port}`).origin;
  } catch {
    // A link-local IPv6 address with its zone (fe80::1%eth0) is no origin a browser sends.
    return null;
  }
}

/**
 * The origins this server itself answers on, as a browser names them: PUBLIC_URL's; and on the port it listens on,
 * loopback (localhost, 127.0.0.1, [::1]) and, when it listens on every interface, each address of this machine (the
 * LAN address printed at start, which a phone on the shop's Wi-Fi opens). Read from the machine, never from the request.
 */
export function servedOrigins(config: Pick<Config, 'publicUrl' | 'host' | 'port'>, addresses: Addresses = networkInterfaces()): Set<string> {
  const out = new Set([new URL(config.publicUrl).origin]);
  const host = config.host.trim();
  const everywhere = EVERY_INTERFACE.includes(host);
  const hosts = everywhere || LOOPBACK.includes(host) ? [...LOOPBACK] : [host];
  if (everywhere) for (const list of Object.values(addresses)) for (const a of list ?? []) hosts.push(a.address);
  for (const h of hosts) {
    const origin = originOf(h, config.port);
    if (origin) out.add(origin);
  }
  return out;
}

/**
 * Where a checkout or portal opened from a browser comes back to (t21): the origin the owner opened the app on, when it
 * is one this server serves (servedOrigins), since the owner's session is kept per origin; else PUBLIC_URL (a native
 * shell's or any other origin: never a site the request names, so no open redirect). The Origin header must be an
 * origin exactly: no path, user or "null".
 */
export function returnBase(config: Pick<Config, 'publicUrl' | 'host' | 'port'>, origin: string | undefined, addresses?: Addresses): string {
  if (!origin || origin === new URL(config.publicUrl).origin) return config.publicUrl;
  let parsed: string;
  try {
    parsed = new URL(origin).origin;
  } catch {
    return config.publicUrl;
  }
  return parsed === origin && servedOrigins(config, addresses).has(origin) ? origin : config.publicUrl;
}
