/**
 * The held-out set: written before the parser was tuned and never used to tune it. Its accuracy is reported
 * (lines, prices, client) rather than required case by case; see orders.test.ts. Same format as examples.ts.
 */
import type { OrderCase } from './cases';

export const HELD_OUT: OrderCase[] = [
  // English
  { x: 'ng', t: '3 agbadas 24k each for Funke, due next week', c: 'Funke Adeyemi', l: [['Agbada', 3, 24000]], d: '2026-12-02' },
  {
    x: 'ng',
    t: 'Chinedu: 2 caps and 1 shirt',
    c: 'Chinedu Okafor',
    l: [
      ['Cap', 2, 3000],
      ['Shirt', 1, 5000],
    ],
  },
  { x: 'ng', t: 'five dresses at 11,500 for Mama Ngozi', c: 'Mama Ngozi', l: [['Dress', 5, 11500]] },
  { x: 'ng', t: 'a dozen caps 30k for all, delivery 2500', c: null, l: [['Cap', 12, 2500]], f: [['Delivery', 2500]] },
  { x: 'ng', t: 'trouser x2 @ 8500 for Tunde', c: 'new:Tunde', l: [['Trousers', 2, 8500]] },
  {
    x: 'ng',
    t: '2 gele 4k each, 1 agbada, due in 10 days',
    c: null,
    l: [
      ['new:gele', 2, 4000],
      ['Agbada', 1, 25000],
    ],
    d: '2026-12-05',
  },
  { x: 'ng', t: 'For Funke: 4 jollof rice', c: 'Funke Adeyemi', l: [['Jollof rice', 4, 2500]] },
  { x: 'ng', t: '1 agbada ₦27,000, delivery, due tomorrow', c: null, l: [['Agbada', 1, 27000]], f: [['Delivery', null]], d: '2026-11-26' },
  { x: 'ng', t: 'shirts 3pcs 15k for the three', c: null, l: [['Shirt', 3, 5000]] },
  { x: 'ng', t: 'ten caps for Chinedu due end of month', c: 'Chinedu Okafor', l: [['Cap', 10, 3000]], d: '2026-11-30' },
  {
    x: 'ke',
    t: '2 mandazi and 3 chapati for Juma',
    c: 'Juma Mwangi',
    l: [
      ['Mandazi', 2, 20],
      ['Chapati', 3, 30],
    ],
  },
  { x: 'ke', t: 'unga 2 packets KSh 180 each, due Monday', c: null, l: [['Unga 2kg', 2, 180]], d: '2026-11-30' },
  { x: 'ke', t: 'Wanjiru 5 sodas 60/= each', c: 'Wanjiru Kamau', l: [['Soda', 5, 60]] },
  // Pidgin
  { x: 'ng', t: 'abeg 2 agbada for Chinedu, 25k each', c: 'Chinedu Okafor', l: [['Agbada', 2, 25000]] },
  { x: 'ng', t: 'make am 4 caps, na 3k each, by Friday', c: null, l: [['Cap', 4, 3000]], d: '2026-11-27' },
  { x: 'ng', t: 'Funke wan buy 2 dress 24k for both', c: 'Funke Adeyemi', l: [['Dress', 2, 12000]] },
  { x: 'ng', t: 'abeg send 3 shirt give Mama Ngozi, transport 1500', c: 'Mama Ngozi', l: [['Shirt', 3, 5000]], f: [['Delivery', 1500]] },
  { x: 'ng', t: '6 jollof rice 2k each abeg, due next tomorrow', c: null, l: [['Jollof rice', 6, 2000]], d: '2026-11-27' },
  // French
  { x: 'fr', t: '3 boubous à 15 000 chacun pour Awa', c: 'Awa Diop', l: [['Boubou', 3, 15000]] },
  { x: 'fr', t: 'deux sacs de riz pour Moussa, livraison 2000', c: 'Moussa Traoré', l: [['Sac de riz', 2, 18000]], f: [['Livraison', 2000]] },
  { x: 'fr', t: 'une douzaine de pagnes 60 000 le tout, fin du mois', c: null, l: [['Pagne', 12, 5000]], d: '2026-11-30' },
  {
    x: 'fr',
    t: 'Awa: 4 boubous, 1 pagne à 6000',
    c: 'Awa Diop',
    l: [
      ['Boubou', 4, 15000],
      ['Pagne', 1, 6000],
    ],
  },
  { x: 'fr', t: '2 chemises 7500 chacune pour Fatou, payable dans 2 semaines', c: 'new:Fatou', l: [['new:chemises', 2, 7500]], d: '2026-12-09' },
  { x: 'fr', t: 'cinq pagnes pour Moussa Traore demain', c: 'Moussa Traoré', l: [['Pagne', 5, 5000]], d: '2026-11-26' },
  { x: 'fr', t: 'trois sacs de riz 50 000 pour les trois', c: null, l: [['Sac de riz', 3, 16667]], r: false },
  { x: 'fr', t: 'boubou x2 pour vendredi', c: null, l: [['Boubou', 2, 15000]], d: '2026-11-27' },
  // Swahili
  { x: 'ke', t: 'mandazi kumi kwa Juma, kesho', c: 'Juma Mwangi', l: [['Mandazi', 10, 20]], d: '2026-11-26' },
  { x: 'ke', t: 'chapati tano shilingi 40 kila moja kwa Achieng', c: 'Achieng Otieno', l: [['Chapati', 5, 40]] },
  {
    x: 'ke',
    t: 'soda mbili na mandazi tatu kwa Wanjiru',
    c: 'Wanjiru Kamau',
    l: [
      ['Soda', 2, 50],
      ['Mandazi', 3, 20],
    ],
  },
  { x: 'ke', t: 'unga pakiti 3 KSh 500 zote, usafirishaji 200', c: null, l: [['Unga 2kg', 3, 166.67]], f: [['Usafirishaji', 200]] },
  { x: 'ke', t: 'kwa Achieng: chapati 6, tarehe ya mwisho Ijumaa', c: 'Achieng Otieno', l: [['Chapati', 6, 30]], d: '2026-11-27' },
  { x: 'ke', t: 'viatu jozi 2 elfu 3 kila moja kwa Baraka', c: 'new:Baraka', l: [['new:viatu', 2, 3000]] },
  { x: 'ke', t: 'mandazi 20 500/= zote wiki ijayo', c: null, l: [['Mandazi', 20, 25]], d: '2026-12-02' },
  { x: 'ke', t: 'sodas 4 @ 55 for Juma, thank you', c: 'Juma Mwangi', l: [['Soda', 4, 55]], r: true },
  // Added for t28 (issue 29) before the parser was changed for it: units and "per <unit>", Swahili number words after
  // the noun, a catalog item named by one distinctive word, item names with a size.
  { x: 'tng', t: 'abeg 5 yards ankara for Funke, 3k per yard', c: 'Funke Bello', l: [['Ankara fabric', 5, 3000]] },
  { x: 'tng', t: 'ankara 10 yards @ 3500 per yard, delivery 3k', c: null, l: [['Ankara fabric', 10, 3500]], f: [['Delivery', 3000]] },
  { x: 'tng', t: '6 metres ankara 4000 per metre for Aisha', c: 'Aisha Bello', l: [['Ankara fabric', 6, 4000]] },
  { x: 'tng', t: '2 caps 5k each for Emeka', c: 'Emeka Obi', l: [['Aso oke cap', 2, 5000]] },
  {
    x: 'tng',
    t: 'Chinedu go pick 1 senator suit and 1 gown',
    c: 'Chinedu Okafor',
    l: [
      ['Senator suit', 1, 30000],
      ['Lace gown', 1, 45000],
    ],
  },
  {
    x: 'tng',
    t: '3 lace gown 45k each, 2 aso oke cap 5k each, for Funke',
    c: 'Funke Bello',
    l: [
      ['Lace gown', 3, 45000],
      ['Aso oke cap', 2, 5000],
    ],
  },
  { x: 'tng', t: 'Emeka: 2 dozen caps 100k for all', c: 'Emeka Obi', l: [['Aso oke cap', 24, 4166.67]] },
  { x: 'tng', t: '4 pcs senator suit 30k each for Aisha abeg', c: 'Aisha Bello', l: [['Senator suit', 4, 30000]] },
  { x: 'tke', t: 'vitenge vitatu 1200 kila kimoja kwa Baraka', c: 'Baraka Mwangi', l: [['Kitenge', 3, 1200]] },
  {
    x: 'tke',
    t: 'sukari mbili na mafuta matatu kwa Otieno',
    c: 'Otieno Ouma',
    l: [
      ['Sukari 1kg', 2, 180],
      ['Mafuta ya kupikia 1L', 3, 350],
    ],
  },
  { x: 'tke', t: 'Amina anataka unga pakiti nne 250 kila moja', c: 'Amina Hassan', l: [['Unga wa ngano 2kg', 4, 250]] },
  { x: 'tke', t: 'kitenge kimoja 1500 kwa Otieno', c: 'Otieno Ouma', l: [['Kitenge', 1, 1500]] },
  {
    x: 'tke',
    t: 'mafuta ya kupikia 1L mbili, sukari 1kg tano',
    c: null,
    l: [
      ['Mafuta ya kupikia 1L', 2, 350],
      ['Sukari 1kg', 5, 180],
    ],
  },
  { x: 'fr', t: '3 mètres de pagne à 2000 le mètre pour Awa', c: 'Awa Diop', l: [['Pagne', 3, 2000]] },
  // Written by h116 before changing the client rule: a lower-case word after "for"/"pour"/"kwa" that is no contact and
  // not capitalised is what the order is for (kept in the line), not a new client; names and contacts still are.
  { x: 'ng', t: '2 chairs 5k each for picnic', c: null, l: [['new:chairs for picnic', 2, 5000]] },
  { x: 'ng', t: '3 caps for choir', c: null, l: [['Cap', 3, 3000]] },
  { x: 'ng', t: 'abeg 4 jollof rice for outing', c: null, l: [['Jollof rice', 4, 2500]] },
  { x: 'ng', t: '2 dresses 12k each for Adaeze', c: 'new:Adaeze', l: [['Dress', 2, 12000]] },
  { x: 'ng', t: 'make am 2 caps for blessing', c: 'Blessing Okon', l: [['Cap', 2, 3000]] },
  { x: 'fr', t: '3 pagnes à 5000 pour kermesse', c: null, l: [['Pagne', 3, 5000]] },
  { x: 'fr', t: '2 savons pour lessive', c: null, l: [['Savon', 2, 500]] },
  { x: 'fr', t: '3 pagnes pour Mariam', c: 'new:Mariam', l: [['Pagne', 3, 5000]] },
  { x: 'fr', t: 'deux boubous pour awa', c: 'Awa Diop', l: [['Boubou', 2, 15000]] },
  { x: 'ke', t: 'mkate 3 kwa safari', c: null, l: [['Mkate', 3, 65]] },
  { x: 'ke', t: 'soda 10 kwa mazoezi', c: null, l: [['Soda', 10, 50]] },
  { x: 'ke', t: 'soda 4 kwa Halima', c: 'new:Halima', l: [['Soda', 4, 50]] },
  { x: 'ke', t: 'chapati 5 kwa wanjiru', c: 'Wanjiru Kamau', l: [['Chapati', 5, 30]] },
];
