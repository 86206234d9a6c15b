import type { GeneratedText } from '../provider';
import { cap, clause, detectSector, type Lang, tr, list, lower1, placeIn, products, type Rng, type Sector, title } from './text';

/** Words from the languages spoken where the business is, found from the town it names; none when the town is unknown. */
const LOCAL_WORDS: Record<'NG' | 'KE' | 'GH', Array<{ w: string; en: string; fr: string; sw: string }>> = {
  NG: [
    {
      w: 'Ayo',
      en: '“joy” in Yorùbá; friendly and memorable',
      fr: '« joie » en yoruba ; sympathique et facile à retenir',
      sw: '“furaha” kwa Kiyoruba; ni la kirafiki na rahisi kukumbuka',
    },
    {
      w: 'Ife',
      en: '“love” in Yorùbá; personal and caring',
      fr: '« amour » en yoruba ; personnel et attentionné',
      sw: '“upendo” kwa Kiyoruba; linaonyesha unajali',
    },
    {
      w: 'Nkem',
      en: '“my own” in Igbo; says customers belong here',
      fr: '« le mien » en igbo ; le client se sent chez lui',
      sw: '“changu mwenyewe” kwa Kiigbo; mteja anajisikia nyumbani',
    },
    {
      w: 'Alheri',
      en: '“goodness” in Hausa; warm and trustworthy',
      fr: '« bonté » en haoussa ; chaleureux et rassurant',
      sw: '“wema” kwa Kihausa; lina uchangamfu na uaminifu',
    },
  ],
  KE: [
    {
      w: 'Zuri',
      en: '“beautiful” in Kiswahili; short, warm and easy to spell',
      fr: '« beau » en kiswahili ; court, chaleureux et facile à écrire',
      sw: '“zuri” kwa Kiswahili; fupi, la kupendeza na rahisi kuandika',
    },
    {
      w: 'Imani',
      en: '“faith” in Kiswahili; says customers can trust you',
      fr: '« foi » en kiswahili ; dit que l’on peut vous faire confiance',
      sw: 'linawaambia wateja kwamba wanaweza kukuamini',
    },
    { w: 'Nyota', en: '“star” in Kiswahili; aims high', fr: '« étoile » en kiswahili ; vise haut', sw: 'linaonyesha unalenga juu' },
    {
      w: 'Baraka',
      en: '“blessing” in Kiswahili — a name that wishes your customers well',
      fr: '« bénédiction » en kiswahili — un nom qui porte chance',
      sw: 'jina linalowatakia wateja wako mema',
    },
  ],
  GH: [
    {
      w: 'Akwaaba',
      en: '“welcome” in Twi; makes every customer feel at home',
      fr: '« bienvenue » en twi ; chaque client se sent chez lui',
      sw: '“karibu” kwa Kitwi; kila mteja anajisikia nyumbani',
    },
    {
      w: 'Adom',
      en: '“grace” in Twi; warm and hopeful',
      fr: '« grâce » en twi ; chaleureux et plein d’espoir',
      sw: '“neema” kwa Kitwi; lina uchangamfu na matumaini',
    },
    {
      w: 'Nhyira',
      en: '“blessing” in Twi; wishes your customers well',
      fr: '« bénédiction » en twi ; porte chance à vos clients',
      sw: '“baraka” kwa Kitwi; linawatakia wateja wako mema',
    },
  ],
};
const TOWNS: Record<'NG' | 'KE' | 'GH', RegExp> = {
  NG: /\b(lagos|yaba|surulere|lekki|ikeja|ibadan|abuja|kano|enugu|onitsha|aba|port harcourt|benin|nigeria)\b/i,
  KE: /\b(nairobi|westlands|mombasa|kisumu|nakuru|eldoret|kiambu|thika|kenya)\b/i,
  GH: /\b(accra|kumasi|tema|takoradi|tamale|cape coast|ghana)\b/i,
};

const PREFIXES_FR = ['Belle', 'Prestige', 'Étoile', 'Perle', 'Élégance', 'Royal'];
const PREFIXES_SW = ['Bora', 'Safi', 'Imara', 'Halisi', 'Kwanza', 'Poa'];
const SUFFIXES_SW = ['Centre', 'Point', 'Hub', 'Place', 'Store', 'Collection', 'House'];
const SUFFIXES_FR = ['& Cie', 'Services', 'Plus', 'Pro', 'Création', 'Express', 'Boutique'];
const SUFFIXES = ['Hub', 'House', 'Express', 'Corner', 'Studio', 'Spot', 'Place', 'Point', 'Works', 'Lab', 'Market', 'Depot', 'Collective', 'Co.'];
const PREFIXES = ['Prime', 'Royal', 'Golden', 'Urban', 'Bright', 'True', 'Fresh', 'Pure', 'Smart', 'Star', 'Happy', 'Daily'];

/** Ten business names built from the description's keywords, each with a one-line rationale. */
export function businessNames(fields: Record<string, string>, lang: Lang, rng: Rng): GeneratedText {
  const desc = fields.description;
  const phrases = products(desc, 4);
  const place = placeIn(desc);
  const heads = phrases.map((p) => p.split(' ').at(-1) ?? p);
  const words = [...new Set([...heads, ...phrases.flatMap((p) => p.split(' '))])].map(title);
  if (words.length === 0) words.push(...tr(lang, ['Trade', 'Market'], ['Commerce', 'Marché'], ['Biashara', 'Soko']));
  const main = words[0];
  const second = words[1] ?? words[0];
  const T = (en: string, fr: string, sw: string) => tr(lang, en, fr, sw);
  const candidates: Array<[string, string]> = [];
  const add = (name: string, why: string) => {
    if (!candidates.some(([n]) => n.toLowerCase() === name.toLowerCase())) candidates.push([name, why]);
  };
  const sfx = rng.shuffle(tr(lang, SUFFIXES, SUFFIXES_FR, SUFFIXES_SW));
  const pfx = rng.shuffle(tr(lang, PREFIXES, PREFIXES_FR, PREFIXES_SW));
  const region = (Object.keys(TOWNS) as Array<keyof typeof TOWNS>).find((k) => TOWNS[k].test(desc));
  const local = region ? rng.shuffle(LOCAL_WORDS[region]) : [];
  const why = (w: { en: string; fr: string; sw: string }) => `${w[lang]}.`;
  if (place)
    add(
      `${main} ${title(place)}`,
      T(
        'says what you do and where — easy to find on Google Maps.',
        'dit ce que vous faites et où ; facile à trouver sur Google Maps.',
        'linaonyesha unachofanya na mahali ulipo — rahisi kupatikana kwenye Google Maps.',
      ),
    );
  add(
    `${main} ${sfx[0]}`,
    T(
      `simple and clear: “${main}” is at the heart of what you sell.`,
      `simple et clair : « ${main} » est au cœur de votre activité.`,
      `rahisi na wazi: “${main}” ndicho kiini cha biashara yako.`,
    ),
  );
  add(
    lang === 'sw' ? `${main} ${pfx[0]}` : `${pfx[0]} ${main}`,
    T(
      `“${pfx[0]}” signals quality without sounding complicated.`,
      `« ${pfx[0]} » donne une image de qualité sans être compliqué.`,
      `“${pfx[0]}” linaonyesha ubora bila kuwa gumu kutamka.`,
    ),
  );
  if (local[0]) add(`${local[0].w} ${main}`, why(local[0]));
  add(
    `${main} ${T('&', '&', 'na')} ${second}`,
    T(
      'shows your two strongest offers at a glance.',
      'annonce vos deux points forts en un coup d’œil.',
      'linaonyesha bidhaa zako mbili kuu kwa mtazamo mmoja.',
    ),
  );
  add(
    `${second} ${sfx[1]}`,
    T(
      `puts “${second.toLowerCase()}” up front; works well on a signboard.`,
      `met en avant « ${second.toLowerCase()} » ; fonctionne bien sur une enseigne.`,
      `linaweka “${second.toLowerCase()}” mbele; linafaa kwenye bango.`,
    ),
  );
  if (lang === 'en')
    add(`${main.replace(/(?<=\w{3})s$/, '')}${rng.pick(['ify', 'ly', 'ora', 'io'])}`, 'short and modern — ideal for an Instagram handle or a .com.');
  if (local[1]) add(`${local[1].w} ${sfx[2]}`, why(local[1]));
  add(
    tr(lang, `The ${main} ${sfx[3]}`, `Atelier ${main}`, `Nyumba ya ${main}`),
    T(
      'sounds established — like the place everyone in the area knows.',
      'sonne établi et professionnel, comme une adresse connue du quartier.',
      'linasikika kama mahali panapojulikana na kila mtu mtaani.',
    ),
  );
  add(
    lang === 'sw' ? `${second} ${pfx[1]} ${sfx[4]}` : `${pfx[1]} ${second} ${sfx[4]}`,
    T(
      'a fuller name with room to grow into new products.',
      'un nom plus complet qui laisse de la place pour grandir.',
      'jina kamili zaidi lenye nafasi ya kukua na bidhaa mpya.',
    ),
  );
  if (local[2]) add(`${local[2].w} ${T('& Co.', '& Cie', 'na Wenzake')}`, why(local[2]));
  add(`${main} ${sfx[5] ?? sfx[0]}`, T('short and easy to remember.', 'court et facile à retenir.', 'fupi na rahisi kukumbuka.'));
  add(
    `${second} ${T('&', '&', 'na')} ${main}`,
    T('your two specialities, the other way round.', 'vos deux spécialités, dans l’autre sens.', 'bidhaa zako mbili, kwa mpangilio mwingine.'),
  );
  add(
    `${second} ${sfx[6] ?? sfx[1]}`,
    T(
      'clear on a receipt and on a WhatsApp profile.',
      'lisible sur un reçu comme sur un profil WhatsApp.',
      'linasomeka vizuri kwenye risiti na kwenye WhatsApp.',
    ),
  );
  const top = candidates.slice(0, 10);
  const heading = T('## 10 name ideas for your business', '## 10 idées de nom pour votre activité', '## Mawazo 10 ya majina ya biashara yako');
  const intro = `${T('For:', 'Pour :', 'Kwa:')} _${clause(desc)}_`;
  const lines = top.map(([name, w], i) => `${i + 1}. **${name}** – ${w}`);
  const next = T(
    '**Next step:** check the name is free at your business registry, as a domain and as an Instagram handle, then say it out loud to three customers.',
    '**Étape suivante :** vérifiez que le nom est libre auprès du registre du commerce, comme nom de domaine et sur Instagram, puis dites-le à voix haute à trois clients.',
    '**Hatua inayofuata:** hakikisha jina halijasajiliwa na mtu mwingine kwa msajili wa biashara, kama kikoa cha mtandao na kwenye Instagram, kisha litamke kwa sauti mbele ya wateja watatu.',
  );
  return {
    title: T(`Name ideas: ${main}`, `Idées de nom : ${main}`, `Mawazo ya majina: ${main}`),
    content: [heading, intro, lines.join('\n'), next].join('\n\n'),
  };
}

/** The unit each sector sells, for the plan's break-even line (no figures: the owner's own numbers go in the blanks). */
const UNITS: Record<Sector, [string, string, string]> = {
  food: ['orders', 'commandes', 'oda'],
  fashion: ['items', 'articles', 'bidhaa'],
  beauty: ['appointments', 'rendez-vous', 'miadi'],
  tech: ['sales', 'ventes', 'mauzo'],
  farming: ['crates', 'caisses', 'kreti'],
  retail: ['baskets', 'paniers', 'vikapu'],
  services: ['jobs', 'prestations', 'kazi'],
  education: ['students', 'élèves', 'wanafunzi'],
  health: ['visits', 'visites', 'ziara'],
  energy: ['systems', 'kits', 'mifumo'],
  general: ['sales', 'ventes', 'mauzo'],
};

const MARKET: Record<Sector, [string, string, string]> = {
  food: [
    'People eat every day and buy food close to where they live, work and study; freshness, taste and speed win repeat buyers.',
    'Tout le monde mange chaque jour et achète près de chez soi, du travail ou de l’école ; fraîcheur, goût et rapidité fidélisent.',
    'Watu hula kila siku na hununua chakula karibu na nyumbani, kazini au shuleni; ubichi, ladha na kasi ndivyo vinavyowarudisha.',
  ],
  fashion: [
    'Young professionals and event-goers want stylish, well-fitting outfits without waiting weeks for a tailor.',
    'Jeunes actifs et invités de cérémonies veulent des tenues élégantes et bien coupées sans attendre des semaines.',
    'Vijana wanaofanya kazi na wanaohudhuria sherehe wanataka mavazi ya kisasa yanayowakaa vizuri bila kusubiri fundi kwa wiki nyingi.',
  ],
  beauty: [
    'Customers come back every 2–6 weeks; punctuality, hygiene and a recognisable style build loyalty.',
    'Les clients reviennent toutes les 2 à 6 semaines ; ponctualité, hygiène et un style reconnaissable fidélisent.',
    'Wateja hurudi kila baada ya wiki 2 hadi 6; kufika kwa wakati, usafi na mtindo unaotambulika huwafanya waaminifu.',
  ],
  tech: [
    'More customers and businesses do everything on their phones and pay for tools that save time or money.',
    'Clients et entreprises font tout sur leur téléphone et paient pour des outils qui font gagner du temps ou de l’argent.',
    'Wateja na biashara wengi hufanya kila kitu kwa simu na hulipia zana zinazookoa muda au pesa.',
  ],
  farming: [
    'Demand for fresh local produce is steady; buyers value reliable supply, quality and fair prices.',
    'La demande de produits locaux frais est stable ; les acheteurs veulent un approvisionnement fiable et des prix justes.',
    'Mahitaji ya mazao mabichi ya ndani ni ya kudumu; wanunuzi wanathamini upatikanaji wa uhakika, ubora na bei ya haki.',
  ],
  retail: [
    'Households buy essentials weekly; convenience, fair prices and stock that never runs out matter most.',
    'Les ménages achètent l’essentiel chaque semaine ; proximité, prix justes et rayons pleins comptent le plus.',
    'Familia hununua mahitaji muhimu kila wiki; ukaribu, bei ya haki na bidhaa zisizokosekana ndivyo muhimu zaidi.',
  ],
  services: [
    'Busy households and businesses pay to save time when the service is reliable and easy to book.',
    'Ménages et entreprises pressés paient pour gagner du temps si le service est fiable et facile à réserver.',
    'Familia na biashara zenye shughuli nyingi hulipia kuokoa muda pale huduma inapokuwa ya kuaminika na rahisi kuagiza.',
  ],
  education: [
    'Parents and young adults invest in skills that lead to better results and jobs.',
    'Parents et jeunes adultes investissent dans des compétences qui mènent à de meilleurs résultats et emplois.',
    'Wazazi na vijana huwekeza katika ujuzi unaoleta matokeo bora na ajira.',
  ],
  health: [
    'People want affordable, trustworthy care close to home, with clear prices.',
    'Les gens veulent des soins abordables et fiables près de chez eux, avec des prix clairs.',
    'Watu wanataka huduma ya afya nafuu na ya kuaminika karibu na nyumbani, yenye bei zilizo wazi.',
  ],
  energy: [
    'Unreliable power and rising fuel costs push homes and shops to look for cheaper, cleaner energy.',
    'Les coupures et le prix du carburant poussent ménages et commerces vers une énergie moins chère et plus propre.',
    'Kukatika kwa umeme na gharama ya mafuta huwasukuma wenye nyumba na maduka kutafuta nishati nafuu na safi.',
  ],
  general: [
    'Customers buy from businesses they know and trust, that answer quickly and keep their promises.',
    'Les clients achètent à ceux qu’ils connaissent, qui répondent vite et tiennent leurs promesses.',
    'Wateja hununua kwa wale wanaowajua na kuwaamini, wanaojibu haraka na kutimiza ahadi.',
  ],
};

/** A one-page business plan with figures in the chosen currency. */
export function businessPlan(fields: Record<string, string>, lang: Lang, rng: Rng): GeneratedText {
  const desc = clause(fields.description);
  const currency = fields.currency || 'NGN';
  const fr = lang === 'fr';
  const sw = lang === 'sw';
  const sector = detectSector(desc);
  // Issue 29: no figure the owner did not give. Every amount is a marked blank in the chosen currency, with the sum that fills it.
  const blank = `______ ${currency}`;
  const kws = products(desc, 2);
  const place = placeIn(fields.description);
  const unit = UNITS[sector][tr(lang, 0, 1, 2)];
  const name = title(kws[0] ?? tr(lang, 'Your business', 'Votre activité', 'Biashara yako'));
  const channels = rng
    .shuffle(
      tr(
        lang,
        [
          'a WhatsApp catalogue and broadcast list for repeat customers',
          'short Instagram and TikTok videos three times a week',
          'a Google Business profile with photos and opening hours',
          'a referral offer for the customer and their friend (set the reward you can afford)',
          'partnerships with nearby businesses',
          'stands at local markets and events',
        ],
        [
          'un catalogue WhatsApp et une liste de diffusion pour les clients fidèles',
          'des vidéos courtes sur Instagram et TikTok trois fois par semaine',
          'une fiche Google Business avec photos et horaires',
          'une offre de parrainage pour le client et son ami (la récompense que vous pouvez offrir)',
          'des partenariats avec des commerces voisins',
          'une présence sur les marchés et événements du quartier',
        ],
        [
          'katalogi ya WhatsApp na orodha ya matangazo kwa wateja wanaorudi',
          'video fupi za Instagram na TikTok mara tatu kwa wiki',
          'ukurasa wa Google Business wenye picha na saa za kazi',
          'ofa ya kualika rafiki kwa mteja na rafiki yake (zawadi unayoweza kumudu)',
          'ushirikiano na biashara za jirani',
          'kushiriki masoko na matukio ya mtaani',
        ],
      ),
    )
    .slice(0, 4);
  if (sw) {
    const w = {
      t: `Mpango wa biashara: ${name}`,
      summary: `## Muhtasari\n${cap(desc)}. Lengo ni kufikia kiwango cha kutopata hasara haraka iwezekanavyo na kurudisha mtaji wa kuanzia. Jaza nafasi zilizo wazi (______) kwa takwimu zako mwenyewe.`,
      market: `## Soko\n- ${MARKET[sector][2]}\n- Tunaowahudumia: ${place ? `kwanza ${place} na maeneo ya jirani` : 'kwanza mtaa wetu na mji wetu'}, kisha mtandaoni.\n- Ushindani: andika washindani 3 wa karibu, bei zao na malalamiko ya wateja wao — pengo hilo ndilo nafasi yetu.`,
      offer: `## Tunachouza\n- Bidhaa au huduma kuu: ${
        list(
          kws.slice(0, 3).map((k) => `**${k}**`),
          'sw',
        ) || desc
      }.\n- Bei ya wastani: ${blank} kwa kila moja, na gharama ya moja kwa moja ya ${blank}.\n- Ahadi: ubora usiobadilika, majibu ya haraka na kuwasilisha kwa wakati.`,
      marketing: `## Masoko\n${channels.map((c) => `- ${cap(c)}.`).join('\n')}`,
      ops: `## Uendeshaji\n- Saa za kazi zilizo wazi na zinazojulikana; oda kupitia WhatsApp na ana kwa ana.\n- Nunua bidhaa kila wiki kulingana na mauzo; fuatilia ankara na matumizi ndani ya Duka.\n- Lengo la huduma: jibu kila ujumbe siku hiyo hiyo.`,
      fin: `## Fedha (jaza takwimu zako)\n| Kipengele | Kiasi | Jinsi ya kukipata |\n|---|---|---|\n| Mtaji wa kuanzia | ${blank} | jumla ya vifaa, bidhaa za kwanza na kodi ya kwanza |\n| Gharama za kila mwezi | ${blank} | kodi, mishahara, umeme, usafiri |\n| Bei ya wastani | ${blank} | bei yako ya kuuza |\n| Faida kwa kila mauzo | ${blank} | bei ya wastani − gharama ya moja kwa moja |\n| Kiwango cha kutopata hasara | ______ ${unit} kwa mwezi | gharama za kila mwezi ÷ faida kwa kila mauzo |\n| Lengo la mwezi | ______ ${unit} kwa mwezi | juu ya kiwango cha kutopata hasara |\n\n**Kurudisha mtaji:** mtaji wa kuanzia ÷ faida ya kila mwezi = idadi ya miezi.`,
      next: `## Hatua zinazofuata\n1. Jaribu bidhaa yako kwa wateja 20 mwezi huu.\n2. Andika kila mauzo na matumizi kila wiki.\n3. Kagua bei baada ya miezi 3 ukilinganisha na faida halisi.`,
    };
    return { title: w.t, content: [w.summary, w.market, w.offer, w.marketing, w.ops, w.fin, w.next].join('\n\n') };
  }
  const s = fr
    ? {
        t: `Plan d’affaires : ${name}`,
        summary: `## Résumé\n${cap(desc)}. L’objectif est d’atteindre vite le seuil de rentabilité et de récupérer l’investissement de départ. Remplissez les blancs (______) avec vos propres chiffres.`,
        market: `## Marché\n- ${MARKET[sector][1]}\n- Clientèle visée : ${place ? `d’abord à ${place} et alentour` : 'd’abord le quartier et la ville'}, puis en ligne.\n- Concurrence : faites la liste de 3 concurrents proches, de leurs prix et de ce que les clients leur reprochent.`,
        offer: `## Offre\n- Produits ou services principaux : ${
          list(
            kws.slice(0, 3).map((k) => `**${k}**`),
            'fr',
          ) || desc
        }.\n- Prix moyen : ${blank} par ${unit.replace(/s$/, '')}, avec un coût direct de ${blank}.\n- Promesse : qualité constante, réponse rapide et livraison à l’heure.`,
        marketing: `## Marketing\n${channels.map((c) => `- ${cap(c)}.`).join('\n')}`,
        ops: `## Opérations\n- Horaires fixes et affichés ; commandes prises sur WhatsApp et en boutique.\n- Achats de stock chaque semaine selon les ventes ; un cahier ou Duka pour suivre factures et dépenses.\n- Objectif de service : répondre à chaque message le jour même.`,
        fin: `## Finances (vos chiffres)\n| Poste | Montant | Comment le trouver |\n|---|---|---|\n| Investissement de départ | ${blank} | matériel, premier stock et premier loyer |\n| Charges fixes mensuelles | ${blank} | loyer, salaires, électricité, transport |\n| Prix moyen | ${blank} | votre prix de vente |\n| Marge par vente | ${blank} | prix moyen − coût direct |\n| Seuil de rentabilité | ______ ${unit} / mois | charges fixes ÷ marge par vente |\n| Objectif mensuel | ______ ${unit} / mois | au-dessus du seuil |\n\n**Retour sur investissement :** investissement de départ ÷ bénéfice mensuel = nombre de mois.`,
        next: `## Prochaines étapes\n1. Tester l’offre auprès de 20 clients ce mois-ci.\n2. Suivre chaque vente et dépense chaque semaine.\n3. Ajuster les prix après 3 mois selon la marge réelle.`,
      }
    : {
        t: `Business plan: ${name}`,
        summary: `## Summary\n${cap(desc)}. The goal is to break even soon and to earn back the start-up money. Fill the blanks (______) with your own numbers.`,
        market: `## Market\n- ${MARKET[sector][0]}\n- Who we serve: ${place ? `first ${place} and the areas around it` : 'first our neighbourhood and city'}, then online.\n- Competition: list 3 nearby competitors, their prices and what customers complain about — that gap is our edge.`,
        offer: `## Offer\n- Main products or services: ${
          list(
            kws.slice(0, 3).map((k) => `**${k}**`),
            'en',
          ) || lower1(desc)
        }.\n- Average price: ${blank} per ${unit.replace(/s$/, '')}, with a direct cost of ${blank}.\n- Promise: consistent quality, quick replies and on-time delivery.`,
        marketing: `## Marketing\n${channels.map((c) => `- ${cap(c)}.`).join('\n')}`,
        ops: `## Operations\n- Fixed, published opening hours; orders taken on WhatsApp and in person.\n- Restock weekly based on sales; track invoices and expenses in Duka.\n- Service target: reply to every message the same day.`,
        fin: `## Financials (your numbers)\n| Item | Amount | How to work it out |\n|---|---|---|\n| Start-up costs | ${blank} | equipment, first stock and first rent |\n| Monthly fixed costs | ${blank} | rent, wages, power, transport |\n| Average price | ${blank} | your selling price |\n| Margin per sale | ${blank} | average price − direct cost |\n| Break-even | ______ ${unit} a month | monthly fixed costs ÷ margin per sale |\n| Monthly target | ______ ${unit} a month | above break-even |\n\n**Payback:** start-up costs ÷ monthly profit = months.`,
        next: `## Next steps\n1. Test the offer with 20 customers this month.\n2. Record every sale and expense weekly.\n3. Review prices after 3 months against the real margin.`,
      };
  return { title: s.t, content: [s.summary, s.market, s.offer, s.marketing, s.ops, s.fin, s.next].join('\n\n') };
}
