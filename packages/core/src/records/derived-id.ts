// Apart from stock/movements.ts (Zod schemas): the client list's walk-in id needs only this (issue 30).
/**
 * A UUID derived from a text key (version 8, RFC 9562 custom): the same key gives the same id on every device
 * and on the server, so a movement derived from an invoice line is written once however many times (and by
 * whom) it is worked out. Not a secret: four FNV-1a 32-bit hashes with different seeds.
 */
export function derivedUuid(key: string): string {
  const seeds = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b];
  const words = seeds.map((seed) => {
    let h = seed >>> 0;
    for (let i = 0; i < key.length; i++) {
      h ^= key.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b) >>> 0;
    h ^= h >>> 13;
    return h >>> 0;
  });
  const hex = words.map((w) => w.toString(16).padStart(8, '0')).join('');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
