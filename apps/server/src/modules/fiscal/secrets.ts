import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Fiscal secrets at rest (issue 26): the eTIMS communication key and a business's eTIMS settings are stored
 * AES-256-GCM encrypted with a key derived (HKDF-SHA256) from the server's secret, so a database dump alone
 * does not give them away. Format: "v1.<iv>.<tag>.<ciphertext>", base64url.
 */
function keyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'duka-fiscal', 'fiscal secrets v1', 32));
}

export function encryptSecret(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

export function decryptSecret(secret: string, sealed: string): string {
  const [v, iv, tag, ct] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || ct === undefined) throw new Error('not a sealed fiscal secret');
  const d = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
}

/**
 * Which device at the authority a business's settings name (issue 26 F4): an HMAC of the authority, the TIN, the
 * branch and the device serial (and the host, for an address that is not the authority's: claims.ts) (case and spaces aside), with a key derived from the server's secret. Equal for
 * two accounts naming the same device, and says nothing of the TIN in a database dump.
 */
export function fiscalDeviceKey(secret: string, device: { provider: string; tin: string; branchId: string; deviceSerial: string; host?: string }): string {
  const key = Buffer.from(hkdfSync('sha256', secret, 'duka-fiscal', 'fiscal device key v1', 32));
  const norm = (s: string) => s.trim().toUpperCase();
  const parts = [device.provider, norm(device.tin), norm(device.branchId), norm(device.deviceSerial)];
  // A device named at an address that is not the authority's (claims.ts): the host is part of the key.
  if (device.host !== undefined) parts.push(`host:${device.host.toLowerCase()}`);
  return createHmac('sha256', key).update(parts.join('\n')).digest('base64url');
}
