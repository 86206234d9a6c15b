/** A category guess from a receipt's words (en/fr/sw and the names of common sellers); null when nothing points anywhere. */
import type { DefaultExpenseCategory } from '../records/constants';
import { fold } from './amounts';

const WORDS: Array<[DefaultExpenseCategory, RegExp]> = [
  [
    'Transport',
    /\b(?:fuel|petrol|diesel|gasoline|pms|ago|litres?|liters?|pump|carburant|essence|gasoil|gazole|mafuta|petroli|dizeli|shell|rubis|oilibya|vivo\s+energy|totalenergies|engen|sasol|taxi|uber|bolt|matatu|boda|fare|bus|nauli|ticket\s+de\s+bus|parking|toll|peage)\b/,
  ],
  [
    'Airtime & Data',
    /\b(?:airtime|data\s+bundle|bundles?|recharge|top-?up|credit\s+(?:de\s+)?communication|forfait|internet|safaricom|airtel|mtn|glo|9mobile|vodacom|telkom|orange\s+money|moov|vifurushi|muda\s+wa\s+maongezi|bando)\b/,
  ],
  [
    'Utilities',
    /\b(?:electricity|electric|kplc|kenya\s+power|tokens?|prepaid\s+meter|meter\s+no|ekedc|ikedc|aedc|phcn|nepa|eskom|eneo|camwater|senelec|sde|cie|water\s+bill|sewerage|electricite|eau|umeme|maji|luku|tanesco|dawasa|gas\s+refill|lpg|kerosene)\b/,
  ],
  ['Rent', /\b(?:rent|rental|tenancy|landlord|loyer|bail|kodi\s+ya\s+nyumba|kodi\s+ya\s+duka|pango)\b/],
  ['Marketing', /\b(?:printing|flyers?|banners?|posters?|business\s+cards?|advert\w*|publicite|affiches?|matangazo|sponsored|boost)\b/],
  [
    'Equipment',
    /\b(?:laptop|computer|printer|phone\s+(?:set|handset)|smartphone|tablet|fridge|freezer|generator|machine|scale|pos\s+terminal|equipment|materiel|ordinateur|imprimante|vifaa|kompyuta|jenereta|furniture|chair|table|shelf|shelves)\b/,
  ],
  [
    'Taxes',
    /\b(?:kra|firs|sars|dgi|impots?|income\s+tax\s+payment|tax\s+payment|paye|turnover\s+tax|business\s+permit|licen[cs]e\s+fee|patente|ushuru|kibali)\b/,
  ],
  [
    'Stock / Inventory',
    /\b(?:wholesale|wholesalers?|distributors?|cash\s*&\s*carry|supermarket|hypermarket|naivas|quickmart|carrefour|shoprite|spar|game\s+stores?|makro|chandarana|tuskys|justrite|prince\s+ebeano|casino|santa\s+lucia|mahitaji|grossiste|depot|stock|inventory|cartons?|crates?|bales?|sacks?|bags?\s+of)\b/,
  ],
];

export function guessCategory(text: string): DefaultExpenseCategory | null {
  const t = fold(text);
  let best: DefaultExpenseCategory | null = null;
  let score = 0;
  for (const [cat, re] of WORDS) {
    const n = t.match(new RegExp(re.source, 'g'))?.length ?? 0;
    if (n > score) {
      best = cat;
      score = n;
    }
  }
  return best;
}
