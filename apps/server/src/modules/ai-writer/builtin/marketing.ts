import type { GeneratedText, PageText, Sender } from '../provider';
import { cap, clause, detectSector, keywords, type Lang, lower1, placeIn, products, type Rng, type Sector, teamName, title, tr } from './text';

const DAYS = {
  sw: ['Jumatatu', 'Jumanne', 'Jumatano', 'Alhamisi', 'Ijumaa', 'Jumamosi', 'Jumapili'],
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  fr: ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'],
};

type Idea = (k: string, place: string) => { en: [string, string, string]; fr: [string, string, string] };

/** Post ideas: [heading, what to post, caption]. */
const IDEAS: Idea[] = [
  (k) => ({
    en: [
      'Behind the scenes',
      `A 15-second reel of your team preparing ${k} before opening.`,
      `This is how we get your ${k} ready every morning 👀 Who's coming through today?`,
    ],
    fr: [
      'Dans les coulisses',
      `Un reel de 15 secondes : l’équipe prépare ${k} avant l’ouverture.`,
      `Voici comment nous préparons vos ${k} chaque matin 👀 Qui passe aujourd’hui ?`,
    ],
  }),
  (k) => ({
    en: [
      'Meet the team',
      `A photo of one team member with 3 lines about them and their favourite ${k}.`,
      `Meet the face behind your ${k}! Say hi in the comments 👋`,
    ],
    fr: [
      'L’équipe',
      `Une photo d’un membre de l’équipe avec 3 lignes sur lui et ses ${k} préférés.`,
      `Voici la personne derrière vos ${k} ! Dites bonjour en commentaire 👋`,
    ],
  }),
  (k) => ({
    en: ['Poll in stories', `A story poll: two of your ${k} options side by side. Share the result the next day.`, `Team A or Team B? Vote in our stories 🗳️`],
    fr: [
      'Sondage en story',
      `Un sondage en story : deux options de ${k} côte à côte. Partagez le résultat le lendemain.`,
      `Équipe A ou équipe B ? Votez dans nos stories 🗳️`,
    ],
  }),
  (k) => ({
    en: [
      'Customer love',
      `Repost a happy customer's photo or review (ask first) and thank them by name.`,
      `Nothing makes our day like this ❤️ Thank you for choosing us for your ${k}!`,
    ],
    fr: [
      'Nos clients',
      `Repartagez la photo ou l’avis d’un client satisfait (avec son accord) et remerciez-le.`,
      `Rien ne nous fait plus plaisir ❤️ Merci de nous avoir choisis pour vos ${k} !`,
    ],
  }),
  (k) => ({
    en: [
      'Weekend reminder',
      `A bold graphic with your opening hours and how to order ${k} for the weekend.`,
      `Weekend plans? Send us your ${k} order early ⏰`,
    ],
    fr: [
      'Rappel du week-end',
      `Un visuel clair avec vos horaires et comment commander vos ${k} pour le week-end.`,
      `Des projets ce week-end ? Passez votre commande de ${k} à l’avance ⏰`,
    ],
  }),
  (k) => ({
    en: [
      'How it’s made',
      `A carousel of 5 photos: from raw materials to finished ${k}.`,
      `From start to finish in 5 steps ✨ Swipe to see how we make your ${k}.`,
    ],
    fr: [
      'Comment c’est fait',
      `Un carrousel de 5 photos : des matières premières aux ${k} finis.`,
      `Du début à la fin en 5 étapes ✨ Faites défiler pour voir comment nous faisons vos ${k}.`,
    ],
  }),
  (k) => ({
    en: [
      'Special offer',
      `A limited offer for followers: a bundle or discount on ${k}, valid for 48 hours.`,
      `Followers only 🎁 Show this post to get [your offer] on ${k} — 48 hours only!`,
    ],
    fr: [
      'Offre spéciale',
      `Une offre réservée aux abonnés : un lot ou une remise sur les ${k}, valable 48 heures.`,
      `Réservé aux abonnés 🎁 Montrez ce post pour profiter de [votre offre] sur les ${k} — 48 heures seulement !`,
    ],
  }),
  (k) => ({
    en: [
      'Tip of the week',
      `A useful tip your customers can use about ${k} (how to choose, store or care for it).`,
      `Quick tip 💡 Save this post — you'll thank us later.`,
    ],
    fr: [
      'Astuce de la semaine',
      `Une astuce utile sur les ${k} (comment choisir, conserver ou entretenir).`,
      `Astuce 💡 Enregistrez ce post, il vous servira !`,
    ],
  }),
  (k, place) => ({
    en: [
      'Our neighbourhood',
      `A photo of your spot${place ? ` in ${place}` : ''} with directions and a landmark customers know.`,
      `Come find us${place ? ` in ${place}` : ''} 📍 Tag a friend who needs to know about our ${k}!`,
    ],
    fr: [
      'Notre quartier',
      `Une photo de votre lieu${place ? ` à ${place}` : ''} avec l’itinéraire et un repère connu.`,
      `Venez nous voir${place ? ` à ${place}` : ''} 📍 Identifiez un ami qui doit connaître nos ${k} !`,
    ],
  }),
  (k) => ({
    en: ['Question time', `Ask followers a question about how they use ${k}; reply to every comment.`, `Tell us 👇 How do you enjoy your ${k}?`],
    fr: [
      'À vous la parole',
      `Posez une question sur la façon dont vos abonnés utilisent les ${k} ; répondez à chaque commentaire.`,
      `Dites-nous 👇 Comment aimez-vous vos ${k} ?`,
    ],
  }),
];

/** The same ideas in Kiswahili, in the same order as IDEAS (no possessives on the product: its noun class is unknown). */
const IDEAS_SW: Array<(k: string, place: string) => [string, string, string]> = [
  (k) => [
    'Nyuma ya pazia',
    `Reel ya sekunde 15 ikionyesha mnavyoandaa ${k} kabla ya kufungua.`,
    `Hivi ndivyo tunavyoandaa ${k} kila asubuhi 👀 Nani anapita leo?`,
  ],
  () => ['Kutana na timu', 'Picha ya mmoja wa timu yako na mistari 3 kumhusu.', 'Huyu ndiye anayekuhudumia! Msalimie kwenye maoni 👋'],
  (k) => [
    'Kura kwenye stori',
    `Kura kwenye stori: chaguo mbili za ${k} kando kwa kando. Tangaza matokeo kesho yake.`,
    'Timu A au Timu B? Piga kura kwenye stori zetu 🗳️',
  ],
  () => [
    'Wateja wetu',
    'Shiriki tena picha au maoni ya mteja aliyeridhika (kwa ruhusa yake) na umshukuru kwa jina.',
    'Hakuna kinachotufurahisha kama hiki ❤️ Asante kwa kutuchagua!',
  ],
  (k) => [
    'Kumbusho la wikendi',
    `Picha yenye saa zako za kazi na jinsi ya kuagiza ${k} kwa ajili ya wikendi.`,
    `Mipango ya wikendi? Tuma oda yako ya ${k} mapema ⏰`,
  ],
  (k) => [
    'Jinsi tunavyofanya kazi',
    `Picha 5 mfululizo (carousel): kutoka malighafi hadi ${k} tayari kwa mteja.`,
    'Kuanzia mwanzo hadi mwisho kwa hatua 5 ✨ Telezesha uone tunavyofanya kazi.',
  ],
  (k) => [
    'Ofa maalum',
    `Ofa ya muda mfupi kwa wafuasi: punguzo au kifurushi cha ${k}, kwa saa 48.`,
    `Kwa wafuasi pekee 🎁 Onyesha chapisho hili upate [ofa yako] kwa ${k} — saa 48 tu!`,
  ],
  (k) => [
    'Dokezo la wiki',
    `Dokezo muhimu kuhusu ${k} (jinsi ya kuchagua, kuhifadhi au kutunza).`,
    'Dokezo fupi 💡 Hifadhi chapisho hili — litakusaidia baadaye.',
  ],
  (k, place) => [
    'Mtaa wetu',
    `Picha ya mahali mlipo${place ? ` ${place}` : ''} pamoja na maelekezo na alama inayojulikana.`,
    `Tutembelee${place ? ` ${place}` : ''} 📍 Mtag rafiki anayehitaji kujua kuhusu ${k}!`,
  ],
  (k) => ['Wakati wa maswali', `Waulize wafuasi swali kuhusu jinsi wanavyotumia ${k}; jibu kila maoni.`, `Tuambie 👇 Unapenda ${k} kwa namna gani?`],
];

const SECTOR_TAGS: Record<Sector, string[]> = {
  food: ['FoodLovers', 'LocalEats'],
  fashion: ['AfricanFashion', 'StyleInspo'],
  beauty: ['BeautyTips', 'SelfCare'],
  tech: ['TechTips', 'DigitalAfrica'],
  farming: ['FarmFresh', 'AgriBusiness'],
  retail: ['ShopLocal', 'DailyDeals'],
  services: ['SupportLocal', 'SmallBusiness'],
  education: ['LearnWithUs', 'SkillsForTomorrow'],
  health: ['HealthyLiving', 'Wellness'],
  energy: ['SolarPower', 'CleanEnergy'],
  general: ['SmallBusiness', 'SupportLocal'],
};

function hashtags(kws: string[], place: string | undefined, sector: Sector): string {
  const tags = [...kws.slice(0, 3).map((k) => title(k).replace(/[^\p{L}\p{N}]/gu, '')), ...(place ? [place.replace(/\s+/g, '')] : []), ...SECTOR_TAGS[sector]];
  return [...new Set(tags)].map((t) => `#${t}`).join(' ');
}

/** A week of Instagram post ideas with captions and hashtags. */
export function contentIdeas(fields: Record<string, string>, lang: Lang, rng: Rng): GeneratedText {
  const desc = fields.description;
  const kws = products(desc, 3);
  const place = placeIn(desc) ?? '';
  const main = kws[0] ?? tr(lang, 'products', 'produits', 'bidhaa');
  const sector = detectSector(desc);
  const picked = rng.shuffle(IDEAS.map((_, i) => i)).slice(0, 7);
  const days = DAYS[lang];
  const posts = picked.map((n, i) => {
    const k = kws.length ? kws[i % kws.length] : main;
    const [head, what, caption] = lang === 'sw' ? IDEAS_SW[n](k, place) : IDEAS[n](k, place)[lang];
    return `**${days[i]} – ${head}**\n${what}\n${tr(lang, '*Caption:*', '*Légende :*', '*Maelezo:*')} "${caption}"`;
  });
  const times = tr(
    lang,
    'Post between 12–2 pm or 7–9 pm, when your customers are on their phones.',
    'Publiez entre 12 h et 14 h ou entre 19 h et 21 h, quand vos clients sont sur leur téléphone.',
    'Chapisha kati ya saa sita na saa nane mchana, au saa moja na saa tatu usiku, wateja wako wanapokuwa kwenye simu.',
  );
  const heading = tr(lang, '## Your week on Instagram', '## Votre semaine sur Instagram', '## Wiki yako kwenye Instagram');
  const tagLine = `${tr(lang, '**Hashtags:**', '**Hashtags :**', '**Hashtag:**')} ${hashtags(kws, place || undefined, sector)}`;
  return {
    title: tr(
      lang,
      `Instagram content ideas: ${title(main)}`,
      `Idées de posts Instagram : ${title(main)}`,
      `Mawazo ya machapisho ya Instagram: ${title(main)}`,
    ),
    content: [heading, posts.join('\n\n'), tagLine, `${tr(lang, '**Tip:**', '**Conseil :**', '**Dokezo:**')} ${times}`].join('\n\n'),
  };
}

const NEWS = [
  {
    match:
      /\b(open(ed|ing)?|launch(ed)?)\b.{0,40}\b(branch|shop|store|outlet|location|office)|new (branch|shop|store|outlet|location)|(ouvert|ouvre|ouverture|nouvelle?) .{0,30}(boutique|agence|magasin|adresse|succursale)|tawi jipya|duka jipya|tumefungua/i,
    en: 'We’ve opened a new branch!',
    fr: 'Nous ouvrons une nouvelle adresse !',
    sw: 'Tumefungua tawi jipya!',
  },
  { match: /\b(mov(ed|ing)|relocat\w*)\b|déménag|tumehamia|tunahamia/i, en: 'We’re moving!', fr: 'Nous déménageons !', sw: 'Tumehamia mahali papya!' },
  {
    match: /discount|\bsale\b|promo|\boffer\b|% off|réduction|soldes|punguzo|ofa/i,
    en: 'A special offer for you',
    fr: 'Une offre spéciale pour vous',
    sw: 'Ofa maalum kwa ajili yako',
  },
  { match: /\bprices?\b|\bprix\b|tarif|\bbei\b/i, en: 'An update on our prices', fr: 'Du nouveau sur nos prix', sw: 'Taarifa kuhusu bei zetu' },
  {
    match: /\bhours\b|closing|closed|horaires|fermé|saa za kazi|tutafunga/i,
    en: 'Our new opening hours',
    fr: 'Nos nouveaux horaires',
    sw: 'Saa zetu mpya za kazi',
  },
  {
    match: /\bnew\b|launch|introduc|nouveau|nouvelle|lancement|mpya/i,
    en: 'Something new for you',
    fr: 'Du nouveau pour vous',
    sw: 'Kitu kipya kwa ajili yako',
  },
];
const NEWS_DEFAULT = { en: 'News from us', fr: 'Nos nouvelles', sw: 'Habari kutoka kwetu' };

/** A newsletter to customers about the owner's update: only what the owner wrote, with a greeting and sign-off. */
export function newsletter(fields: Record<string, string>, lang: Lang, rng: Rng, { from }: { from: Sender }): GeneratedText {
  const update = clause(fields.description);
  const events = NEWS.filter((n) => n.match.test(update));
  const headline = (events[0] ?? NEWS_DEFAULT)[lang];
  const opener = rng.pick(
    tr(
      lang,
      ['We have some news to share with you.', 'Thank you for being part of our community — here is what’s new.', 'A quick note to keep you in the loop.'],
      [
        'Nous avons une nouvelle à partager avec vous.',
        'Merci de faire partie de notre communauté : voici ce qui change.',
        'Un petit mot pour vous tenir au courant.',
      ],
      ['Tuna habari tunayotaka kukushirikisha.', 'Asante kwa kuwa sehemu ya jamii yetu — haya ndiyo mapya.', 'Ujumbe mfupi wa kukujulisha yanayoendelea.'],
    ),
  );
  const cta = rng.pick(
    tr(
      lang,
      ['If you have any questions, just reply to this message.', 'Share this news with a friend who could use it.'],
      ['Pour toute question, répondez simplement à ce message.', 'Partagez cette nouvelle avec un proche que cela pourrait intéresser.'],
      ['Ukiwa na swali lolote, jibu ujumbe huu tu.', 'Mshirikishe rafiki ambaye habari hii itamfaa.'],
    ),
  );
  const body = [
    `# ${headline} 🎉`,
    tr(lang, 'Dear customer,', 'Chère cliente, cher client,', 'Mpendwa mteja,'),
    opener,
    `## ${tr(lang, 'What’s new', 'Ce qui est nouveau', 'Kilicho kipya')}\n${cap(update)}.`,
    cta,
    `${tr(lang, 'Thank you for your support,', 'Merci pour votre confiance,', 'Asante kwa kutuunga mkono,')}\n${teamName(from.company, lang)}`,
  ];
  return { title: tr(lang, `Newsletter: ${headline}`, `Newsletter : ${lower1(headline)}`, `Jarida: ${headline}`), content: body.join('\n\n') };
}

function sentences(paragraphs: string[]): string[] {
  return paragraphs
    .flatMap((p) => p.split(/(?<=[.!?])\s+(?=[A-Z\u00C0-\u00DE"“])/u))
    .map((s) => s.trim())
    .filter((s) => s.length >= 30 && s.length <= 400);
}

/** Social posts and a summary of a fetched page. */
export function contentFromLink(fields: Record<string, string>, lang: Lang, rng: Rng, source: PageText): GeneratedText {
  const fr = lang === 'fr';
  const all = [source.title, source.description, ...source.headings, ...source.paragraphs].join(' ');
  const kws = keywords(all, 8);
  const weight = new Map(kws.map((k, i) => [k, kws.length - i]));
  const sents = sentences([source.description, ...source.paragraphs].filter(Boolean));
  const scored = sents.map((s, i) => ({ s, i, score: keywords(s, 20).reduce((sum, k) => sum + (weight.get(k) ?? 0), 0) / Math.sqrt(s.length / 60 + 1) }));
  const top = [...scored]
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, 3)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.s);
  const pageTitle = source.title || source.headings[0] || new URL(source.url).hostname;
  const summary = top.length
    ? top.join(' ')
    : source.description ||
      tr(
        lang,
        `The page “${pageTitle}” has little readable text.`,
        `La page « ${pageTitle} » contient peu de texte lisible.`,
        `Ukurasa “${pageTitle}” una maandishi machache yanayosomeka.`,
      );
  const points = (source.headings.length >= 2 ? source.headings.slice(0, 4) : top).map((h) => `- ${h.length > 160 ? `${h.slice(0, 157)}…` : h}`);
  const tags = [...new Set(kws.slice(0, 3).map((k) => `#${title(k).replace(/[^\p{L}\p{N}]/gu, '')}`))].join(' ');
  const hook = top[0] ?? summary;
  const short = hook.length > 180 ? `${hook.slice(0, 177)}…` : hook;
  const emoji = rng.pick(['💡', '📌', '👉', '🔥', '✨']);
  const url = source.url;
  if (lang === 'sw') {
    const out = [
      `## Muhtasari\n${summary}`,
      points.length ? `## Mambo muhimu\n${points.join('\n')}` : '',
      '## Machapisho ya mitandao ya kijamii',
      `**X / Twitter**\n${emoji} ${short} ${url}`,
      `**Facebook**\n${pageTitle} — ${summary}\n\nSoma hapa: ${url}`,
      `**Instagram**\n${emoji} ${pageTitle}\n\n${points.slice(0, 3).join('\n')}\n\nKiungo kiko kwenye bio! ${tags}`,
      `**LinkedIn**\n${rng.pick(['Somo zuri kwa wafanyabiashara:', 'Inafaa kuwashirikisha wenzako:', 'Nilichojifunza kutoka kwenye makala hii:'])} ${pageTitle}.\n\n${summary}\n\n${url}`,
      `**Status ya WhatsApp**\n${emoji} ${pageTitle} 👉 ${url}`,
    ];
    return { title: `Machapisho kutoka “${pageTitle}”`, content: out.filter(Boolean).join('\n\n') };
  }
  const out = fr
    ? [
        `## Résumé\n${summary}`,
        points.length ? `## Points clés\n${points.join('\n')}` : '',
        `## Posts pour les réseaux sociaux`,
        `**X / Twitter**\n${emoji} ${short} ${url}`,
        `**Facebook**\n${pageTitle} — ${summary}\n\nÀ lire ici : ${url}`,
        `**Instagram**\n${emoji} ${pageTitle}\n\n${points.slice(0, 3).join('\n')}\n\nLien dans la bio ! ${tags}`,
        `**LinkedIn**\n${rng.pick(['Une lecture utile pour les entrepreneurs :', 'À partager avec votre réseau :', 'Ce que j’ai retenu de cet article :'])} ${pageTitle}.\n\n${summary}\n\n${url}`,
        `**Statut WhatsApp**\n${emoji} ${pageTitle} 👉 ${url}`,
      ]
    : [
        `## Summary\n${summary}`,
        points.length ? `## Key points\n${points.join('\n')}` : '',
        `## Social posts`,
        `**X / Twitter**\n${emoji} ${short} ${url}`,
        `**Facebook**\n${pageTitle} — ${summary}\n\nRead it here: ${url}`,
        `**Instagram**\n${emoji} ${pageTitle}\n\n${points.slice(0, 3).join('\n')}\n\nLink in bio! ${tags}`,
        `**LinkedIn**\n${rng.pick(['A useful read for business owners:', 'Worth sharing with your network:', 'What I took away from this article:'])} ${pageTitle}.\n\n${summary}\n\n${url}`,
        `**WhatsApp status**\n${emoji} ${pageTitle} 👉 ${url}`,
      ];
  return { title: fr ? `Posts à partir de « ${pageTitle} »` : `Posts from “${pageTitle}”`, content: out.filter(Boolean).join('\n\n') };
}
