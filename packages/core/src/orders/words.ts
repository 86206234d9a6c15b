/** The word lists of the order parser (English, French, Swahili, Nigerian Pidgin), all lower case without accents. */

/** Number words → value. Swahili compounds ("kumi na mbili") are joined by the parser. */
// prettier-ignore
export const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, hundred: 100,
  un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12, treize: 13,
  quatorze: 14, quinze: 15, seize: 16, vingt: 20, trente: 30, quarante: 40, cinquante: 50, cent: 100,
  moja: 1, mbili: 2, mawili: 2, matatu: 3, manne: 4, matano: 5, tatu: 3,
  // Swahili numbers agree with the noun they follow: vitenge vitano, kitenge kimoja, watu wawili, miti mitatu.
  kimoja: 1, mmoja: 1, viwili: 2, wawili: 2, miwili: 2, vitatu: 3, watatu: 3, mitatu: 3, vinne: 4, wanne: 4, minne: 4, vitano: 5, watano: 5, mitano: 5, nne: 4, tano: 5, sita: 6, saba: 7, nane: 8, tisa: 9, kumi: 10, ishirini: 20, thelathini: 30,
  arobaini: 40, hamsini: 50, mia: 100,
};
/** "a dozen", "une douzaine", "dazeni". */
export const DOZEN = new Set(['dozen', 'dozens', 'douzaine', 'douzaines', 'dazeni', 'doz']);
/** Words that scale the number next to them: "25k", "1.5m", "3 thousand", "elfu 3" (Swahili puts elfu first). */
export const SCALE_AFTER: Record<string, number> = { k: 1e3, m: 1e6, thousand: 1e3, mille: 1e3, million: 1e6, millions: 1e6, milioni: 1e6 };
export const SCALE_BEFORE: Record<string, number> = { elfu: 1e3, milioni: 1e6 };

/** Currency marks before or after an amount: they make a number a price. */
// prettier-ignore
export const CURRENCY = new Set([
  '₦', 'n', 'ngn', 'naira', 'ksh', 'kes', 'kshs', 'sh', 'shs', 'shilingi', 'shillings', 'shilling', 'bob', 'tsh', 'tzs', 'ush', 'ugx',
  'cfa', 'fcfa', 'xof', 'xaf', 'frw', 'rwf', 'f', 'francs', 'franc', '$', 'usd', '€', 'eur', '£', 'ghs', '₵', 'cedis', 'r', 'zar', 'rand', '/=', '/-',
]);
/** Words (or signs) just before a number that make it a unit price: "@ 3500", "at 3500", "à 3500", "bei 200". */
export const PRICE_BEFORE = new Set(['@', 'at', 'a', 'bei', 'price', 'prix', 'pour']);
/** Units of measure: a quantity's unit ("4 yards ankara", "6 metres", "2 kg") and, after "per"/"le"/"kwa", a unit price ("3500 per yard"). */
// prettier-ignore
export const MEASURES = [
  'yard', 'yards', 'yds', 'yd', 'metre', 'metres', 'meter', 'meters', 'metre', 'metres', 'mita', 'yadi', 'kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms', 'kilogramme', 'kilogrammes',
  'litre', 'litres', 'liter', 'liters', 'lita', 'carton', 'cartons', 'crate', 'crates', 'bundle', 'bundles', 'roll', 'rolls', 'rouleau', 'rouleaux',
  'bottle', 'bottles', 'bouteille', 'bouteilles', 'chupa', 'gram', 'grams', 'gramme', 'grammes',
];
/** After a price: the price is per unit. Phrases are joined with a space. */
// prettier-ignore
export const EACH = [
  'each', 'ea', 'apiece', 'each one', 'per one', 'per piece', 'one one', 'chacun', 'chacune', 'piece', 'l unite', 'la piece', 'par piece', 'kila moja', 'kila mmoja', 'kila kimoja', 'kila kipande', 'kila', 'per',
  ...MEASURES.flatMap((m) => [`per ${m}`, `a ${m}`, `le ${m}`, `la ${m}`, `par ${m}`, `kwa ${m}`, `kila ${m}`]),
];
/** After a price: the price is for the whole line. */
// prettier-ignore
export const TOTAL = [
  'for both', 'for all', 'for the two', 'for the three', 'for the four', 'for the five', 'for everything', 'for all of them', 'total', 'altogether', 'all together', 'for dem all', 'everything',
  'le tout', 'les deux', 'pour les deux', 'pour les trois', 'pour les quatre', 'pour tout', 'pour le tout', 'au total', 'en tout',
  'zote', 'kwa zote', 'jumla', 'kwa jumla', 'yote', 'vyote', 'kwa vyote',
];
/** Words naming a count unit: skipped around a quantity ("3 pcs", "vipande 3", "pakiti 3"). */
// prettier-ignore
export const UNIT_WORDS = new Set(['pcs', 'pc', 'pieces', 'pieces', 'pces', 'pce', 'pièces', 'vipande', 'kipande', 'packets', 'packet', 'pakiti', 'jozi', 'pairs', 'pair', 'paires', 'units', 'unit', 'nos', 'no', 'x', '×', ...MEASURES]);
/** Requests and politeness: read and dropped ("abeg", "make am", "tafadhali"). */
// prettier-ignore
export const FILLER = new Set([
  'abeg', 'please', 'pls', 'plz', 'pliz', 'kindly', 'make', 'am', 'e', 'wan', 'want', 'wants', 'buy', 'send', 'sell', 'i', 'we', 'need', 'order', 'get', 'me', 'us', 'add', 'o', 'sha', 'jare', 'biko', 'oya',
  'of', 'the', 'and', 'with', 'na', 'ni', 'je', 'svp', 's', 'il', 'te', 'vous', 'plait', 'veux', 'voudrais', 'commande', 'donne', 'moi', 'envoie', 'de', 'des', 'du', 'd', 'la', 'le', 'les', 'l', 'et', 'un', 'une',
  'she', 'he', 'him', 'her', 'go', 'come', 'collect', 'carry',
  'tafadhali', 'nataka', 'naomba', 'anataka', 'agizo', 'ya', 'za', 'wa', 'cha', 'vya', 'pia', 'also', 'plus', 'then', 'for', 'kwa', 'to', 'give', 'pour', 'a', 'an',
]);
/** Words that never belong to an item's name when matching the catalog. */
export const STOP = new Set(['of', 'the', 'de', 'des', 'du', 'd', 'la', 'le', 'les', 'l', 'ya', 'za', 'wa', 'cha', 'vya', 'a', 'an', 'and', 'et', 'na']);
/** Markers before a client's name. */
export const CLIENT_BEFORE = new Set(['for', 'pour', 'kwa', 'to', 'give', 'client', 'customer', 'mteja', 'madam', 'oga']);
/** Fee synonyms: a fee on the Fees tab whose name is one of a group's words matches every word of that group. */
// prettier-ignore
export const FEE_GROUPS: string[][] = [
  ['delivery', 'deliveries', 'transport', 'shipping', 'dispatch', 'logistics', 'livraison', 'frais de livraison', 'usafirishaji', 'usafiri', 'kusafirisha', 'delivery fee', 'transport fare'],
  ['packaging', 'packing', 'wrapping', 'emballage', 'ufungaji', 'kufunga'],
  ['vat', 'tva', 'tax', 'vat tax', 'kodi', 'ushuru'],
  ['service', 'service charge', 'frais de service', 'huduma'],
];

/** Weekdays, Monday = 1 … Sunday = 7. */
// prettier-ignore
export const WEEKDAYS: Record<string, number> = {
  monday: 1, mon: 1, tuesday: 2, tue: 2, tues: 2, wednesday: 3, wed: 3, thursday: 4, thu: 4, thurs: 4, friday: 5, fri: 5, saturday: 6, sat: 6, sunday: 7, sun: 7,
  lundi: 1, mardi: 2, mercredi: 3, jeudi: 4, vendredi: 5, samedi: 6, dimanche: 7,
  jumatatu: 1, jumanne: 2, jumatano: 3, alhamisi: 4, ijumaa: 5, jumamosi: 6, jumapili: 7,
};
// prettier-ignore
export const MONTHS: Record<string, number> = {
  jan: 1, january: 1, janvier: 1, januari: 1, feb: 2, february: 2, fevrier: 2, februari: 2, mar: 3, march: 3, mars: 3, machi: 3,
  apr: 4, april: 4, avril: 4, aprili: 4, may: 5, mai: 5, mei: 5, jun: 6, june: 6, juin: 6, juni: 6, jul: 7, july: 7, juillet: 7, julai: 7,
  aug: 8, august: 8, aout: 8, agosti: 8, sep: 9, sept: 9, september: 9, septembre: 9, septemba: 9, oct: 10, october: 10, octobre: 10, oktoba: 10,
  nov: 11, november: 11, novembre: 11, novemba: 11, dec: 12, december: 12, decembre: 12, desemba: 12,
};
/** Words that may open a due date ("due Friday", "d'ici vendredi", "ifikapo Ijumaa"); dropped with it. */
// prettier-ignore
export const DUE_BEFORE = new Set([
  'due', 'by', 'before', 'on', 'latest', 'until', 'payable', 'pay', 'paid', 'payment', 'pour', 'avant', 'd', 'ici', 'le', 'payer', 'echeance', 'a', 'au', 'plus', 'tard',
  'ifikapo', 'kabla', 'ya', 'tarehe', 'mwisho', 'siku', 'malipo', 'lipa', 'make', 'e', 'reach', 'deadline', 'date',
]);
/** Units of a delay: "in 2 weeks", "dans 3 jours", "baada ya wiki mbili". */
// prettier-ignore
export const DELAY_UNITS: Record<string, 'd' | 'w' | 'm'> = {
  day: 'd', days: 'd', jour: 'd', jours: 'd', siku: 'd', week: 'w', weeks: 'w', wk: 'w', wks: 'w', semaine: 'w', semaines: 'w', wiki: 'w',
  month: 'm', months: 'm', mois: 'm', mwezi: 'm', miezi: 'm',
};
