import type { AppContext } from '../../lib/context';
import { fiscalDeviceKey } from './secrets';

/**
 * Whose device claim counts (issue 26, squatting through a fake eTIMS): a device is claimed by the first account that
 * eTIMS initialised it for, but anyone can type another taxpayer's PIN, branch and serial with the address of a server
 * of their own that "initialises" every device. So a claim is keyed by where it was verified:
 *  - on KRA (https on kra.go.ke or a subdomain: etims-api.kra.go.ke, etims-api-sbx.kra.go.ke, …; plus the operator's
 *    ETIMS_AUTHORITY_HOSTS, e.g. a local OSCU test server acting as KRA), the key is the device's alone (TIN, branch,
 *    serial): one Duka account per device at KRA;
 *  - anywhere else, the key also holds that host: such a claim only meets claims on the same host, and never blocks
 *    the device's owner on KRA. Its fiscal numbers are another sequence too (the sequence's scope is the key).
 * A claim stored before this rule (host not in its key) on a host that is not KRA no longer blocks: staleClaim.
 */
export type Config = Pick<AppContext['config'], 'etimsAuthorityHosts' | 'jwtSecret'>;

export interface DeviceSettings {
  apiBase: string;
  tin: string;
  branchId: string;
  deviceSerial: string;
}

const KRA_DOMAIN = 'kra.go.ke';

/** The host (and port) of an eTIMS address, lower case; null when it is not an address. */
export function etimsHost(apiBase: string): string | null {
  try {
    return new URL(apiBase).host.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** True when claims verified at this address are KRA's: kra.go.ke over https, or a host the operator named. */
export function isAuthorityAddress(config: Config, apiBase: string): boolean {
  let url: URL;
  try {
    url = new URL(apiBase);
  } catch {
    return false;
  }
  const hostname = url.hostname.toLowerCase().replace(/\.$/, '');
  if (url.protocol === 'https:' && (hostname === KRA_DOMAIN || hostname.endsWith(`.${KRA_DOMAIN}`))) return true;
  return config.etimsAuthorityHosts.includes(url.host.toLowerCase());
}

/** The claim key of a device named at this address (stored as fiscal_units.device_key, unique per provider). */
export function deviceClaimKey(config: Config, provider: string, d: DeviceSettings): string {
  const device = { provider, tin: d.tin, branchId: d.branchId, deviceSerial: d.deviceSerial };
  if (isAuthorityAddress(config, d.apiBase)) return fiscalDeviceKey(config.jwtSecret, device);
  return fiscalDeviceKey(config.jwtSecret, { ...device, host: etimsHost(d.apiBase) ?? d.apiBase });
}

/** A stored claim whose own settings no longer give its key under these rules (made on a host that is not KRA before them). */
export function staleClaim(config: Config, provider: string, stored: { deviceKey: string } & DeviceSettings): boolean {
  return deviceClaimKey(config, provider, stored) !== stored.deviceKey;
}
