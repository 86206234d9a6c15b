import type { GeneratedText, Sender } from '../provider';
import { cap, clause, keywords, type Lang, lower1, personSignOff, type Rng, teamName, title } from './text';

type Pair = { en: string[]; fr: string[] };

/** Birthday message for a contact, from the sender and their company. */
export function birthdayWishes(fields: Record<string, string>, lang: Lang, rng: Rng): GeneratedText {
  const { name, company_name: company, sender } = fields;
  const first = name.split(/\s+/)[0];
  const wishes: Pair = {
    en: [
      `Everyone at ${company} wishes you a year full of joy, good health and success.`,
      `May this new year of your life bring you peace, laughter and every good thing you are working for.`,
      `We hope today is as bright and generous as you have been to us. Cheers to many more years!`,
    ],
    fr: [
      `Toute l’équipe de ${company} vous souhaite une année pleine de joie, de santé et de réussite.`,
      `Que cette nouvelle année de votre vie vous apporte la paix, le rire et tout ce que vous espérez.`,
      `Nous espérons que cette journée sera aussi belle et généreuse que vous l’avez été avec nous.`,
    ],
  };
  const thanks: Pair = {
    en: [`Thank you for trusting ${company} — having you as a customer means a lot to us.`, `It is a pleasure to serve you, and we are grateful for your loyalty.`, `Thank you for being part of our story this year.`],
    fr: [`Merci de faire confiance à ${company} — vous compter parmi nos clients compte beaucoup pour nous.`, `C’est un plaisir de vous servir et nous vous remercions de votre fidélité.`, `Merci de faire partie de notre histoire cette année.`],
  };
  const gift: Pair = {
    en: ['As a small gift, enjoy **10% off your next order** this month — just mention your birthday.', 'Drop by this week: a little birthday surprise is waiting for you.', ''],
    fr: ['Petit cadeau : profitez de **10 % de remise sur votre prochaine commande** ce mois-ci.', 'Passez nous voir cette semaine : une petite surprise vous attend.', ''],
  };
  const fr = lang === 'fr';
  const opening = fr ? rng.pick([`Joyeux anniversaire, ${first} ! 🎉`, `Bon anniversaire, ${first} ! 🎂`]) : rng.pick([`Happy birthday, ${first}! 🎉`, `Happy birthday, dear ${first}! 🎂`, `Wishing you a wonderful birthday, ${first}! 🥳`]);
  const close = fr ? rng.pick(['Avec nos meilleurs vœux,', 'Chaleureusement,', 'Avec toute notre amitié,']) : rng.pick(['Warm wishes,', 'With best wishes,', 'Cheers,']);
  const parts = [opening, rng.pick(wishes[lang]), rng.pick(thanks[lang]), rng.pick(gift[lang]), `${close}\n${sender} – ${company}`].filter(Boolean);
  return { title: fr ? `Message d’anniversaire pour ${name}` : `Birthday message for ${name}`, content: parts.join('\n\n') };
}

const HOLIDAYS: Array<{ match: RegExp; emoji: string; en: string[]; fr: string[] }> = [
  { match: /christmas|xmas|no[eë]l/i, emoji: '🎄', en: ['May this Christmas bring peace, joy and time with the people you love.', 'Wishing you and your family a merry Christmas full of love and laughter.'], fr: ['Que ce Noël vous apporte la paix, la joie et de beaux moments en famille.', 'Nous vous souhaitons un joyeux Noël plein d’amour et de rires.'] },
  { match: /new year|nouvel an|bonne ann[ée]e/i, emoji: '🎆', en: ['May the new year bring you good health, new opportunities and success.', 'Here’s to a prosperous new year for you and your loved ones.'], fr: ['Que la nouvelle année vous apporte santé, opportunités et réussite.', 'Nous vous souhaitons une année prospère, à vous et à vos proches.'] },
  { match: /eid|sallah|tabaski|ramadan|id el|a[iï]d/i, emoji: '🌙', en: ['Eid Mubarak! May Allah accept your prayers and fill your home with peace and blessings.', 'Wishing you a blessed celebration with family and friends. Eid Mubarak!'], fr: ['Aïd Moubarak ! Que vos prières soient exaucées et que votre foyer soit rempli de paix.', 'Nous vous souhaitons une fête bénie en famille et entre amis. Aïd Moubarak !'] },
  { match: /easter|p[âa]ques/i, emoji: '🐣', en: ['Happy Easter! May this season renew your hope and fill your home with joy.', 'Wishing you a peaceful Easter and a season of new beginnings.'], fr: ['Joyeuses Pâques ! Que cette fête renouvelle votre espérance et remplisse votre foyer de joie.', 'Nous vous souhaitons de paisibles fêtes de Pâques.'] },
  { match: /independence|ind[ée]pendance/i, emoji: '🎉', en: ['Happy Independence Day! Let’s celebrate how far we have come and build what is next together.', 'Proud of our country and grateful for customers like you. Happy Independence Day!'], fr: ['Bonne fête de l’indépendance ! Célébrons le chemin parcouru et construisons la suite ensemble.', 'Fiers de notre pays et reconnaissants envers des clients comme vous.'] },
  { match: /valentine|saint[- ]valentin/i, emoji: '❤️', en: ['Happy Valentine’s Day! Thank you for the love you show our small business.', 'Wishing you a day full of love — you make our work worthwhile.'], fr: ['Joyeuse Saint-Valentin ! Merci pour l’amour que vous portez à notre petite entreprise.', 'Une journée pleine d’amour — vous donnez du sens à notre travail.'] },
  { match: /mother|m[èe]res?/i, emoji: '💐', en: ['Happy Mother’s Day to every mother who holds our families and businesses together.'], fr: ['Bonne fête à toutes les mamans qui font tenir nos familles et nos entreprises.'] },
  { match: /father|p[èe]res?/i, emoji: '👔', en: ['Happy Father’s Day to every dad working hard for his family.'], fr: ['Bonne fête à tous les papas qui travaillent dur pour leur famille.'] },
];

/** Seasons greetings naming the holiday, from the sender and their company. */
export function seasonsGreetings(fields: Record<string, string>, lang: Lang, rng: Rng): GeneratedText {
  const { holiday, company_name: company, sender } = fields;
  const h = HOLIDAYS.find((x) => x.match.test(holiday));
  const fr = lang === 'fr';
  const name = clause(holiday);
  const heading = fr ? `${cap(name)} : meilleurs vœux ! ${h?.emoji ?? '🎉'}` : `Happy ${title(name)}! ${h?.emoji ?? '🎉'}`;
  const wish = h
    ? rng.pick(h[lang])
    : fr
      ? rng.pick([`Que ${name} soit pour vous un temps de joie, de repos et de partage.`, `Nous vous souhaitons de belles fêtes de ${name} entourés de ceux que vous aimez.`])
      : rng.pick([`May ${name} be a time of joy, rest and togetherness for you.`, `Wishing you a wonderful ${name} with the people you love.`]);
  const thanks = fr
    ? rng.pick([`En cette période, toute l’équipe de ${company} tient à vous remercier pour votre fidélité.`, `Chaque commande que vous nous confiez aide ${company} à grandir. Merci !`])
    : rng.pick([`At this special time, all of us at ${company} want to thank you for your support.`, `Every order you place helps ${company} grow. Thank you for being with us.`]);
  const hours = fr
    ? 'Pensez à vérifier nos horaires pendant les fêtes sur nos réseaux ou sur WhatsApp.'
    : 'Please check our holiday opening hours on our pages or on WhatsApp before you visit.';
  const close = fr ? `Avec gratitude,\n${sender} – ${company}` : `With gratitude,\n${sender} – ${company}`;
  return { title: fr ? `Vœux (${name}) – ${company}` : `${title(name)} greetings from ${company}`, content: [heading, wish, thanks, hours, close].join('\n\n') };
}

const TONES: Record<string, { en: { hello: string; open: string[]; close: string }; fr: { hello: string; open: string[]; close: string } }> = {
  Friendly: { en: { hello: 'Hi there,', open: ['We have some good news we couldn’t wait to share with you.', 'Hope your week is going well! Here’s something for you.'], close: 'Talk soon,' }, fr: { hello: 'Bonjour,', open: ['Nous avons une bonne nouvelle à partager avec vous.', 'Nous espérons que votre semaine se passe bien ! Voici quelque chose pour vous.'], close: 'À bientôt,' } },
  Professional: { en: { hello: 'Dear customer,', open: ['We are writing to inform you of the following.', 'Please find below an important update from our team.'], close: 'Kind regards,' }, fr: { hello: 'Madame, Monsieur,', open: ['Nous souhaitons vous informer de ce qui suit.', 'Veuillez trouver ci-dessous une information importante de notre équipe.'], close: 'Cordialement,' } },
  Persuasive: { en: { hello: 'Hello,', open: ['This is the offer you’ve been waiting for.', 'Here’s why this is worth two minutes of your time.'], close: 'See you soon,' }, fr: { hello: 'Bonjour,', open: ['Voici l’offre que vous attendiez.', 'Voici pourquoi cela vaut deux minutes de votre temps.'], close: 'À très vite,' } },
  Urgent: { en: { hello: 'Hello,', open: ['Time is running out — please read this today.', 'A quick but important message that needs your attention.'], close: 'Thank you,' }, fr: { hello: 'Bonjour,', open: ['Le temps presse — merci de lire ceci aujourd’hui.', 'Un message court mais important.'], close: 'Merci,' } },
  Grateful: { en: { hello: 'Dear friend,', open: ['Before anything else: thank you for your support.', 'We are grateful to have customers like you.'], close: 'With thanks,' }, fr: { hello: 'Chère cliente, cher client,', open: ['Avant tout : merci pour votre soutien.', 'Nous avons la chance d’avoir des clients comme vous.'], close: 'Avec nos remerciements,' } },
};

/** The description as something said to customers: "Tell customers about our sale" → "our sale". */
export function restate(desc: string, lang: Lang): { topic: string; sentence: string } {
  const d = clause(desc);
  if (lang === 'fr') {
    const m = /^(?:informer|prévenir|dire|annoncer|rappeler)\s+(?:à\s+)?(?:les|aux|nos|mes)?\s*(?:clients?|abonnés)?\s*(?:de|que|sur|qu’|qu')?\s*(.+)$/i.exec(d);
    if (m) return { topic: m[1], sentence: `Nous avons le plaisir de vous annoncer ${m[1]}.` };
    return { topic: d, sentence: `${cap(d)}.` };
  }
  const tell = /^(?:please\s+)?(?:tell|inform|remind|notify|let)\s+(?:our\s+|my\s+|the\s+|all\s+)?(?:customers|clients|people|everyone|them|buyers|subscribers)?\s*(?:know\s+)?(about|that|of)?\s*(.+)$/i.exec(d);
  if (tell) return { topic: tell[2], sentence: tell[1]?.toLowerCase() === 'that' ? `We want to let you know that ${tell[2]}.` : `We’re excited to tell you about ${tell[2]}.` };
  const announce = /^announce\s+(.+)$/i.exec(d);
  if (announce) return { topic: announce[1], sentence: `We’re pleased to announce ${announce[1]}.` };
  const write = /^(?:write|create|draft)\s+(?:an?\s+)?e-?mail\s+(?:to\s+\w+\s+)?(?:about|on|for|announcing)\s+(.+)$/i.exec(d);
  if (write) return { topic: write[1], sentence: `We’re writing to you about ${write[1]}.` };
  return { topic: d, sentence: `${cap(d)}.` };
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 10))}…`;
}

/** Marketing email copy: subject lines, preview text and body, in the chosen tone. */
export function emailCopy(fields: Record<string, string>, lang: Lang, rng: Rng, { from }: { from: Sender }): GeneratedText {
  const about = clause(fields.description);
  const tone = TONES[fields.tone] ?? TONES.Friendly;
  const t = tone[lang];
  const fr = lang === 'fr';
  const said = restate(about, lang);
  const topic = cap(shorten(said.topic.replace(/^(our|my|the)\s+/i, ''), 50));
  const subjects = fr
    ? [`${topic} : ce qu’il faut savoir`, `Pour vous : ${lower1(topic)}`, `${topic} — à ne pas manquer`]
    : [`${topic}: what you need to know`, `Just for you: ${lower1(topic)}`, `${topic} — don’t miss it`];
  const [s1, s2] = rng.shuffle(subjects);
  const cta = fr ? rng.pick(['Répondez à cet e-mail pour réserver.', 'Écrivez-nous sur WhatsApp pour commander.', 'Passez nous voir cette semaine.']) : rng.pick(['Reply to this email to book yours.', 'Message us on WhatsApp to order.', 'Visit us this week.']);
  const bullets = fr
    ? ['- Simple et rapide à commander', '- Une équipe qui répond en moins d’une heure', '- Paiement par virement, carte ou mobile money']
    : ['- Quick and easy to order', '- A team that replies within the hour', '- Pay by transfer, card or mobile money'];
  const content = [
    `${fr ? '**Objet :**' : '**Subject:**'} ${s1}`,
    `${fr ? '**Objet (variante) :**' : '**Alternative subject:**'} ${s2}`,
    // The preview is what customers read next to the subject: the restated topic, not the owner's instruction.
    `${fr ? '**Texte d’aperçu :**' : '**Preview text:**'} ${shorten(said.sentence, 90)}`,
    '---',
    t.hello,
    rng.pick(t.open),
    said.sentence,
    bullets.join('\n'),
    `**${cta}**`,
    `${t.close}\n${from.name ? personSignOff(from, lang) : teamName(from.company, lang)}`,
  ];
  return { title: fr ? `E-mail : ${lower1(topic)}` : `Email: ${topic}`, content: content.join('\n\n') };
}

const INTENTS: Record<string, { en: string[]; fr: string[] }> = {
  Accept: { en: ['We are happy to go ahead with this.', 'Yes — we can do this, and we look forward to working with you.'], fr: ['Nous sommes heureux de donner suite.', 'Oui, c’est possible, et nous avons hâte de travailler avec vous.'] },
  Decline: { en: ['After careful thought, we are unable to go ahead with this at the moment.', 'Unfortunately, we can’t take this on right now.'], fr: ['Après réflexion, nous ne pouvons pas donner suite pour le moment.', 'Malheureusement, nous ne pouvons pas nous en charger actuellement.'] },
  'Ask for more details': { en: ['Before we confirm, could you share a few more details?', 'To give you an accurate answer, we need a little more information.'], fr: ['Avant de confirmer, pourriez-vous nous donner quelques précisions ?', 'Pour vous répondre précisément, il nous faut un peu plus d’informations.'] },
  'Follow up': { en: ['I’m following up on your message to make sure nothing is missing on our side.', 'Just checking in on this so we can move forward.'], fr: ['Je reviens vers vous au sujet de votre message pour m’assurer que rien ne manque.', 'Un petit suivi pour que nous puissions avancer.'] },
  Apologise: { en: ['We are sorry for the trouble this has caused, and we are putting it right.', 'Please accept our apologies — this is not the service we want you to have.'], fr: ['Nous sommes désolés pour ce désagrément et nous corrigeons la situation.', 'Veuillez accepter nos excuses — ce n’est pas le service que nous voulons vous offrir.'] },
  'Thank them': { en: ['Thank you so much for your message — it really made our day.', 'We truly appreciate you taking the time to write to us.'], fr: ['Merci beaucoup pour votre message, il nous a fait très plaisir.', 'Merci d’avoir pris le temps de nous écrire.'] },
};

/** Whoever signed the original email: the line after "Regards," / "Thanks," etc. */
function signer(original: string): string | undefined {
  const lines = original.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  for (let i = lines.length - 2; i >= 0; i--) {
    if (/^(best|kind|warm)?\s*(regards|wishes|thanks|thank you|cheers|sincerely|cordialement|merci|bien à vous)[,!.]?$/i.test(lines[i])) {
      const name = lines[i + 1].replace(/[,.]$/, '');
      if (name.length <= 60) return name;
    }
  }
  return undefined;
}

/** A reply to a received email with the chosen intent, answering its questions one by one. */
export function replyEmail(fields: Record<string, string>, lang: Lang, rng: Rng, { from }: { from: Sender }): GeneratedText {
  const original = fields.original_email;
  const fr = lang === 'fr';
  const subjectLine = /^subject:\s*(.+)$/im.exec(original)?.[1]?.trim() ?? /^objet\s*:\s*(.+)$/im.exec(original)?.[1]?.trim();
  const topic = subjectLine ?? (title(keywords(original, 3).join(' ')) || (fr ? 'Votre message' : 'Your message'));
  const who = signer(original);
  const body = original
    .split(/\r?\n/)
    .filter((l) => !/^\s*(subject|objet|from|de|to|à)\s*:/i.test(l))
    .join(' ')
    .replace(/\s+/g, ' ');
  const questions = (body.match(/[^.!?]*\?/g) ?? [])
    .map((q) => q.trim().replace(/^(hello|hi|hey|dear [^,]{1,40}|bonjour|salut)\s*[,!]\s*/i, ''))
    .filter((q) => q.length > 8)
    .slice(0, 4)
    .map(cap);
  const intent = INTENTS[fields.intent] ?? INTENTS.Accept;
  const lines = [
    `${fr ? '**Objet :**' : '**Subject:**'} Re: ${topic}`,
    who ? (fr ? `Bonjour ${who},` : `Dear ${who},`) : fr ? 'Bonjour,' : 'Hello,',
    fr ? 'Merci pour votre e-mail.' : 'Thank you for your email.',
    rng.pick(intent[lang]),
  ];
  if (questions.length) {
    lines.push(fr ? 'Pour répondre à vos questions :' : 'To answer your questions:');
    lines.push(questions.map((q) => `- _${q}_ → ${fr ? '[votre réponse]' : '[your answer]'}`).join('\n'));
  }
  if (fields.intent === 'Ask for more details') lines.push(fr ? '- Quelles quantités et quel délai ?\n- Un budget indicatif ?\n- Le meilleur moyen de vous joindre ?' : '- What quantities and timeline do you have in mind?\n- Is there a budget range?\n- What is the best way to reach you?');
  lines.push(fr ? rng.pick(['N’hésitez pas à me contacter si vous avez besoin de quoi que ce soit.', 'Je reste à votre disposition.']) : rng.pick(['Please let me know if you need anything else.', 'I’m happy to help with anything further.']));
  lines.push(`${fr ? 'Cordialement,' : 'Kind regards,'}\n${personSignOff(from, lang)}`);
  return { title: fr ? `Réponse : ${topic}` : `Reply: ${topic}`, content: lines.join('\n\n') };
}
