/** SPEC §9 "Company initials: 2 letters". */
export const COMPANY_INITIALS_LENGTH = 2;

/**
 * The company's initials, shown where there is no logo: the first letters of its first two words ("Ada Stores" →
 * "AS"), or the first two letters of a one-word name ("Duka" → "DU"). Words are what has a letter or digit in it
 * ("Bello & Sons" → "BS"); accents and non-Latin letters are kept, in capitals. Empty for a name with neither.
 */
export function companyInitials(name: string | null | undefined): string {
  const words = (name ?? '')
    .normalize('NFC')
    .split(/\s+/)
    .map((w) => Array.from(w.replace(/[^\p{L}\p{N}]/gu, '')))
    .filter((w) => w.length > 0);
  if (!words.length) return '';
  const letters =
    words.length >= COMPANY_INITIALS_LENGTH ? words.slice(0, COMPANY_INITIALS_LENGTH).map((w) => w[0]) : words[0].slice(0, COMPANY_INITIALS_LENGTH);
  return letters.join('').toLocaleUpperCase();
}
