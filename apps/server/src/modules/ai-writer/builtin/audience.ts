import { findCountry } from '@duka/core';
import type { GeneratedText } from '../provider';
import { cap, clause, detectSector, type Lang, tr, list, lower1, placeIn, products, type Rng, type Sector, title } from './text';

const NAMES: Record<string, string[]> = {
  NG: ['Tolu', 'Chinedu', 'Aisha', 'Emeka', 'Ngozi', 'Musa', 'Funke', 'Ibrahim'],
  KE: ['Wanjiru', 'Kamau', 'Achieng', 'Otieno', 'Njeri', 'Mutua'],
  GH: ['Ama', 'Kofi', 'Akosua', 'Kwame', 'Efua', 'Yaw'],
  ZA: ['Thandi', 'Sipho', 'Lerato', 'Themba', 'Naledi'],
  UG: ['Nakato', 'Mukasa', 'Apio', 'Ssemanda'],
  TZ: ['Neema', 'Baraka', 'Rehema', 'Juma'],
  FR: ['Aminata', 'Moussa', 'Fatou', 'Koffi', 'Awa', 'Ibrahima'],
  XX: ['Amara', 'Sam', 'Grace', 'David', 'Maya', 'Daniel'],
};
const FRANCOPHONE = new Set(['SN', 'CI', 'CM', 'ML', 'BF', 'BJ', 'TG', 'NE', 'GN', 'CD', 'CG', 'GA', 'FR', 'BE', 'MA', 'TN', 'DZ', 'RW', 'MG']);

type Age = 'Young' | 'Middle Age' | 'Aged';
const AGE = {
  Young: {
    jobs: {
      en: ['university student', 'junior analyst at a start-up', 'freelance designer', 'ride-hailing driver', 'graduate trainee at a bank'],
      fr: ['étudiant(e) à l’université', 'analyste junior dans une start-up', 'graphiste indépendant(e)', 'chauffeur VTC', 'stagiaire dans une banque'],
      sw: [
        'mwanafunzi wa chuo kikuu',
        'mchambuzi chipukizi katika kampuni changa',
        'mbunifu wa kujitegemea',
        'dereva wa teksi ya mtandaoni',
        'mwanafunzi wa mafunzo kazini benki',
      ],
    },
    channels: {
      en: ['Instagram', 'TikTok', 'WhatsApp status', 'X (Twitter)'],
      fr: ['Instagram', 'TikTok', 'les statuts WhatsApp', 'X (Twitter)'],
      sw: ['Instagram', 'TikTok', 'status za WhatsApp', 'X (Twitter)'],
    },
    pay: {
      en: 'bank transfer, mobile money or card — rarely cash',
      fr: 'virement, mobile money ou carte — rarement en espèces',
      sw: 'pesa kwa simu, benki au kadi — mara chache taslimu',
    },
    values: {
      en: ['trying new things', 'good value for money', 'speed and convenience', 'brands their friends talk about'],
      fr: ['la nouveauté', 'le bon rapport qualité-prix', 'la rapidité', 'les marques dont parlent leurs amis'],
      sw: ['kujaribu vitu vipya', 'thamani ya pesa yao', 'kasi na urahisi', 'chapa zinazozungumzwa na marafiki zao'],
    },
  },
  'Middle Age': {
    jobs: {
      en: ['civil servant', 'market trader', 'bank officer', 'secondary school teacher', 'owner of a small shop'],
      fr: ['fonctionnaire', 'commerçant(e) au marché', 'employé(e) de banque', 'enseignant(e)', 'propriétaire d’une petite boutique'],
      sw: ['mtumishi wa umma', 'mfanyabiashara sokoni', 'afisa wa benki', 'mwalimu wa sekondari', 'mwenye duka dogo'],
    },
    channels: {
      en: ['Facebook', 'WhatsApp groups', 'radio', 'recommendations from colleagues'],
      fr: ['Facebook', 'les groupes WhatsApp', 'la radio', 'les recommandations de collègues'],
      sw: ['Facebook', 'makundi ya WhatsApp', 'redio', 'mapendekezo ya wafanyakazi wenzake'],
    },
    pay: {
      en: 'bank transfer or mobile money; likes receipts and invoices',
      fr: 'virement ou mobile money ; tient aux reçus et factures',
      sw: 'benki au pesa kwa simu; hupenda risiti na ankara',
    },
    values: {
      en: ['reliability', 'their family’s needs', 'saving time', 'fair, clear prices'],
      fr: ['la fiabilité', 'les besoins de la famille', 'le gain de temps', 'des prix clairs et justes'],
      sw: ['uhakika', 'mahitaji ya familia', 'kuokoa muda', 'bei za haki zilizo wazi'],
    },
  },
  Aged: {
    jobs: {
      en: ['retired teacher and landlord', 'senior trader', 'retired civil servant', 'church or community elder running a family business'],
      fr: [
        'enseignant(e) retraité(e) et propriétaire',
        'commerçant(e) expérimenté(e)',
        'fonctionnaire retraité(e)',
        'ancien(ne) de la communauté à la tête d’une affaire familiale',
      ],
      sw: [
        'mwalimu mstaafu mwenye nyumba za kupangisha',
        'mfanyabiashara mzoefu',
        'mtumishi wa umma mstaafu',
        'mzee wa kanisa au jamii anayeendesha biashara ya familia',
      ],
    },
    channels: {
      en: ['word of mouth', 'family WhatsApp groups', 'radio and TV', 'church, mosque and community notices'],
      fr: ['le bouche-à-oreille', 'les groupes WhatsApp familiaux', 'la radio et la télévision', 'les annonces à l’église, à la mosquée et dans la communauté'],
      sw: ['maneno ya mdomo', 'makundi ya WhatsApp ya familia', 'redio na televisheni', 'matangazo kanisani, msikitini na kwenye jamii'],
    },
    pay: {
      en: 'cash or transfer, often with help from a son or daughter',
      fr: 'espèces ou virement, souvent avec l’aide d’un enfant',
      sw: 'taslimu au kwa simu, mara nyingi kwa msaada wa mwanawe',
    },
    values: {
      en: ['trust and respect', 'personal service', 'quality that lasts', 'clear explanations'],
      fr: ['la confiance et le respect', 'un service personnalisé', 'la qualité durable', 'des explications claires'],
      sw: ['kuaminiana na heshima', 'huduma ya karibu', 'ubora unaodumu', 'maelezo yaliyo wazi'],
    },
  },
} as const;

const PROBLEMS: Record<Sector, { en: string; fr: string; sw: string }> = {
  food: {
    en: 'little time to cook, and not sure which vendors are clean and consistent',
    fr: 'peu de temps pour cuisiner et peu de vendeurs fiables et propres',
    sw: 'muda mchache wa kupika, na hawana uhakika ni wauzaji gani walio safi na wa kuaminika',
  },
  fashion: {
    en: 'tailors who miss deadlines and clothes that don’t fit well',
    fr: 'des tailleurs en retard et des vêtements mal ajustés',
    sw: 'mafundi wanaochelewesha kazi na nguo zisizowakaa vizuri',
  },
  beauty: {
    en: 'salons that keep them waiting and results that vary from visit to visit',
    fr: 'des salons où l’on attend longtemps et des résultats inégaux',
    sw: 'saluni zinazowasubirisha muda mrefu na matokeo yanayobadilika kila wanapokuja',
  },
  tech: {
    en: 'tools that are hard to use, expensive data and poor after-sales support',
    fr: 'des outils compliqués, des données chères et un service après-vente faible',
    sw: 'zana ngumu kutumia, bando ghali na huduma duni baada ya mauzo',
  },
  farming: {
    en: 'unreliable supply, changing prices and produce that spoils quickly',
    fr: 'un approvisionnement irrégulier, des prix instables et des produits qui s’abîment vite',
    sw: 'upatikanaji usio wa uhakika, bei zinazobadilika na mazao yanayoharibika haraka',
  },
  retail: {
    en: 'running out of essentials and long trips to the big market',
    fr: 'des ruptures de stock et de longs trajets jusqu’au grand marché',
    sw: 'kukosa mahitaji muhimu na safari ndefu hadi soko kubwa',
  },
  services: {
    en: 'providers who don’t show up on time or don’t finish the job',
    fr: 'des prestataires en retard ou qui ne finissent pas le travail',
    sw: 'watoa huduma wasiofika kwa wakati au wasiomaliza kazi',
  },
  education: {
    en: 'crowded classes and lessons that don’t lead to results',
    fr: 'des classes surchargées et des cours sans résultats concrets',
    sw: 'madarasa yaliyojaa na masomo yasiyoleta matokeo',
  },
  health: {
    en: 'long queues, unclear prices and far-away clinics',
    fr: 'de longues files d’attente, des prix flous et des centres éloignés',
    sw: 'foleni ndefu, bei zisizo wazi na vituo vilivyo mbali',
  },
  energy: {
    en: 'power cuts and the high cost of fuel for generators',
    fr: 'les coupures de courant et le prix élevé du carburant',
    sw: 'kukatika kwa umeme na gharama kubwa ya mafuta ya jenereta',
  },
  general: {
    en: 'businesses that are slow to reply and don’t keep promises',
    fr: 'des commerces lents à répondre qui ne tiennent pas parole',
    sw: 'biashara zinazochelewa kujibu na kutotimiza ahadi',
  },
};

/** Issue 29: no income figure from a table — a marked blank for the owner's own estimate. */
function income(lang: Lang): string {
  return tr(lang, '______ (your estimate)', '______ (votre estimation)', '______ (makadirio yako)');
}

/** Issue 29: no age in years either (the owner gives an age group at most): a marked blank, as for the income. */
function ageBlank(lang: Lang): string {
  return tr(lang, 'age ______ (your estimate)', 'âge : ______ (votre estimation)', 'umri ______ (makadirio yako)');
}

function where(countryName: string, place: string | undefined, lang: Lang): string {
  if (place && countryName) return lang === 'fr' ? `${place}, ${countryName}` : `${place}, ${countryName}`;
  return place || countryName || tr(lang, 'your city', 'votre ville', 'mji wako');
}

/** The user's ideal customer for the business, in a country. */
export function idealCustomer(fields: Record<string, string>, lang: Lang, rng: Rng): GeneratedText {
  const desc = clause(fields.description);
  const country = findCountry(fields.country ?? '');
  const countryName = country?.name ?? fields.country ?? '';
  const names = NAMES[country?.code ?? ''] ?? (country && FRANCOPHONE.has(country.code) ? NAMES.FR : NAMES.XX);
  const name = rng.pick(names);
  const sector = detectSector(desc);
  // The age group only flavours the habits below; no age is stated (the owner did not give one).
  const a = AGE[rng.pick(['Young', 'Middle Age'] as const)];
  const job = rng.pick(a.jobs[lang]);
  const kws = products(desc, 2);
  const main = kws[0] ?? tr(lang, 'your offer', 'votre offre', 'bidhaa yako');
  const place = where(countryName, placeIn(fields.description), lang);
  const pay = income(lang);
  const channels = rng.shuffle(a.channels[lang]).slice(0, 3);
  const values = rng.shuffle(a.values[lang]).slice(0, 2);
  if (lang === 'sw') {
    const sw = [
      `## Mteja wako bora: ${name}, ${job}`,
      `**Ni nani:** anaishi ${place}; ${ageBlank('sw')}; anapata takriban ${pay} kwa mwezi.`,
      `**Changamoto yake:** ${PROBLEMS[sector].sw}.`,
      `**Anachotaka:** ${list(values, 'sw')} — pamoja na ${main} anayoweza kuiamini.`,
      `**Mahali pa kumpata:**\n${channels.map((c) => `- ${cap(c)}`).join('\n')}`,
      `**Kinachomshawishi:** kuona au kujaribu kwanza, pendekezo la mtu anayemjua, na malipo rahisi (${a.pay.sw}).`,
      `**Ujumbe unaofanya kazi:** “${title(main)}: ${rng.pick(['za uhakika, haraka na kwa bei ya haki.', 'ubora unaostahili, bila kusubiri.', 'tunashughulikia kila kitu, wewe unaokoa muda.'])}”`,
      `**Wiki hii:**\n1. Waandikie wateja 5 kama ${name} uwaulize kitu gani kingewafanya wanunue mara nyingi zaidi.\n2. Weka ofa kwenye ${channels[0]}.\n3. Muombe kila mteja aliyeridhika atoe maoni.`,
      `_Kwa:_ ${desc}`,
    ];
    return { title: `Mteja bora${countryName ? ` (${countryName})` : ''}`, content: sw.join('\n\n') };
  }
  const fr = lang === 'fr';
  const content = fr
    ? [
        `## Votre client idéal : ${name}, ${job}`,
        `**Qui :** lieu : ${place} ; ${ageBlank('fr')} ; revenu d’environ ${pay} par mois.`,
        `**Son problème :** ${PROBLEMS[sector].fr}.`,
        `**Ce qu’il/elle veut :** ${list(values, 'fr')} — et des ${main} en lesquels il/elle peut avoir confiance.`,
        `**Où le/la trouver :**\n${channels.map((c) => `- ${c.charAt(0).toUpperCase()}${c.slice(1)}`).join('\n')}`,
        `**Ce qui le/la convainc :** une démonstration ou un essai, l’avis d’un proche et un paiement simple (${a.pay[lang]}).`,
        `**Le message qui marche :** « ${title(main)} : ${rng.pick(['fiable, rapide et au juste prix.', 'la qualité que vous méritez, sans attente.', 'on s’occupe de tout, vous gagnez du temps.'])} »`,
        `**Cette semaine :**\n1. Écrivez à 5 clients qui ressemblent à ${name} et demandez-leur ce qui les ferait acheter plus souvent.\n2. Publiez une offre sur ${channels[0]}.\n3. Demandez un avis à chaque client satisfait.`,
        `_Pour :_ ${desc}`,
      ]
    : [
        `## Your ideal customer: ${name}, ${job}`,
        `**Who:** lives in ${place}; ${ageBlank('en')}; earns about ${pay} a month.`,
        `**Problem:** ${PROBLEMS[sector].en}.`,
        `**What they want:** ${list(values, 'en')} — and ${lower1(main)} they can trust.`,
        `**Where to find them:**\n${channels.map((c) => `- ${c.charAt(0).toUpperCase()}${c.slice(1)}`).join('\n')}`,
        `**What convinces them:** a demonstration or trial, a recommendation from someone they know, and easy payment (${a.pay[lang]}).`,
        `**Message that works:** “${title(main)}: ${rng.pick(['reliable, quick and fairly priced.', 'the quality you deserve, without the wait.', 'we handle it, you save time.'])}”`,
        `**This week:**\n1. Message 5 customers like ${name} and ask what would make them buy more often.\n2. Post an offer on ${channels[0]}.\n3. Ask every happy customer for a review.`,
        `_For:_ ${desc}`,
      ];
  return {
    title: fr ? `Client idéal${countryName ? ` (${countryName})` : ''}` : `Ideal customer${countryName ? ` in ${countryName}` : ''}`,
    content: content.join('\n\n'),
  };
}

/** A user persona for an age range and a country. */
export function userPersona(fields: Record<string, string>, lang: Lang, rng: Rng): GeneratedText {
  const desc = clause(fields.description);
  const ageKey = (fields.age in AGE ? fields.age : 'Young') as Age;
  const a = AGE[ageKey];
  const country = findCountry(fields.country ?? '');
  const countryName = country?.name ?? fields.country ?? '';
  const names = NAMES[country?.code ?? ''] ?? (country && FRANCOPHONE.has(country.code) ? NAMES.FR : NAMES.XX);
  const name = rng.pick(names);
  const job = rng.pick(a.jobs[lang]);
  const place = where(countryName, placeIn(fields.description), lang);
  const sector = detectSector(desc);
  const kws = products(desc, 2);
  const main = kws[0] ?? tr(lang, 'your service', 'votre service', 'huduma yako');
  const channels = rng.shuffle(a.channels[lang]).slice(0, 3);
  const values = rng.shuffle(a.values[lang]);
  const pay = income(lang);
  if (lang === 'sw') {
    const ageSw = { Young: 'Kijana', 'Middle Age': 'Umri wa kati', Aged: 'Mzee' }[ageKey];
    const sw = [
      `## Persona: ${name}, ${place}`,
      `**Kundi la umri:** ${ageSw} (${ageBlank('sw')})`,
      `**Maisha yake:** ${job}; anapata takriban ${pay} kwa mwezi; hutumia simu yake kwa karibu kila kitu.`,
      `**Malengo**\n- Kupata ${main} ${rng.pick(['ya uhakika', 'nafuu', 'bora'])} bila kupoteza muda.\n- ${cap(values[0])}.`,
      `**Kinachomkera**\n- ${cap(PROBLEMS[sector].sw)}.\n- Kulipa bila uthibitisho ulio wazi.`,
      `**Mazoea:** ${list(channels, 'sw')}; hulipa kwa ${a.pay.sw}.`,
      `**Kinachomjali ${name}:** ${list(values.slice(0, 3), 'sw')}.`,
      '**Jinsi ya kumvutia:** bei zilizo wazi, uthibitisho wa haraka, ukumbusho kwa WhatsApp na zawadi kwa mteja anayerudi.',
      `> “${rng.pick(['Narudi pale ninapoheshimiwa na ahadi zinapotimizwa.', 'Marafiki zangu wakipendekeza, najaribu.', 'Nataka iwe rahisi na ya haraka tu.'])}” — ${name}`,
    ];
    return { title: `Persona: ${name} (${ageSw})`, content: sw.join('\n\n') };
  }
  const fr = lang === 'fr';
  const ageLabel = fr ? { Young: 'Jeune', 'Middle Age': 'Âge moyen', Aged: 'Senior' }[ageKey] : ageKey;
  const content = fr
    ? [
        `## Persona : ${name}, ${place}`,
        `**Tranche d’âge :** ${ageLabel} (${ageBlank('fr')})`,
        `**Profil :** ${job} ; revenu d’environ ${pay} par mois ; utilise son téléphone pour presque tout.`,
        `**Objectifs**\n- Trouver des ${main} ${rng.pick(['fiables', 'abordables', 'de qualité'])} sans perdre de temps.\n- ${values[0].charAt(0).toUpperCase()}${values[0].slice(1)}.`,
        `**Frustrations**\n- ${PROBLEMS[sector].fr.charAt(0).toUpperCase()}${PROBLEMS[sector].fr.slice(1)}.\n- Payer sans confirmation claire.`,
        `**Habitudes :** ${list(channels, 'fr')} ; paie par ${a.pay[lang]}.`,
        `**Ce qui compte pour ${name} :** ${list(values.slice(0, 3), 'fr')}.`,
        `**Comment le/la convaincre :** des prix affichés, une confirmation immédiate, un rappel sur WhatsApp et un geste pour les clients qui reviennent.`,
        `> « ${rng.pick([`Je reviens là où on me respecte et où on tient parole.`, `Si mes amis le recommandent, j’essaie.`, `Je veux que ce soit simple et rapide.`])} » — ${name}`,
      ]
    : [
        `## Persona: ${name}, ${place}`,
        `**Age group:** ${ageLabel} (${ageBlank('en')})`,
        `**Background:** ${job}; earns about ${pay} a month; uses their phone for almost everything.`,
        `**Goals**\n- Find ${rng.pick(['reliable', 'affordable', 'high-quality'])} ${lower1(main)} without wasting time.\n- ${values[0].charAt(0).toUpperCase()}${values[0].slice(1)}.`,
        `**Frustrations**\n- ${PROBLEMS[sector].en.charAt(0).toUpperCase()}${PROBLEMS[sector].en.slice(1)}.\n- Paying without a clear confirmation.`,
        `**Habits:** ${list(channels, 'en')}; pays by ${a.pay[lang]}.`,
        `**What matters to ${name}:** ${list(values.slice(0, 3), 'en')}.`,
        `**How to win them:** clear prices, instant confirmation, a WhatsApp reminder and a thank-you for customers who come back.`,
        `> “${rng.pick(['I go back to places that respect me and keep their word.', 'If my friends recommend it, I’ll try it.', 'I just want it simple and quick.'])}” — ${name}`,
      ];
  return { title: fr ? `Persona : ${name} (${ageLabel})` : `User persona: ${name} (${ageLabel})`, content: content.join('\n\n') };
}
