import type { GeneratedText, Sender } from '../provider';
import { readInstruction, saySentence } from './instruction';
import { cap, clause, keywords, type Lang, lower1, personSignOff, type Rng, teamName, title, tr } from './text';

type Tri = { en: string[]; fr: string[]; sw: string[] };

/** Birthday message for a contact, from the sender and their company (both exactly as typed). */
export function birthdayWishes(fields: Record<string, string>, lang: Lang, rng: Rng): GeneratedText {
  const { name, company_name: company, sender } = fields;
  const first = name.split(/\s+/)[0];
  const wishes: Tri = {
    en: [
      `Everyone at ${company} wishes you a year full of joy, good health and success.`,
      `May this new year of your life bring you peace, laughter and every good thing you are working for.`,
      `We hope today is as bright and generous as you have been to us.`,
    ],
    fr: [
      `Toute l’équipe de ${company} vous souhaite une année pleine de joie, de santé et de réussite.`,
      `Que cette nouvelle année vous apporte la paix, de beaux éclats de rire et tout ce que vous espérez.`,
      `Nous espérons que cette journée sera aussi belle et généreuse que vous l’avez été avec nous.`,
    ],
    sw: [
      `Sisi sote hapa ${company} tunakutakia mwaka uliojaa furaha, afya njema na mafanikio.`,
      `Mungu akujalie amani, furaha na kila jema unalolitafuta katika mwaka huu mpya wa maisha yako.`,
      `Tunakutakia siku njema yenye tabasamu tele, ukiwa pamoja na wapendwa wako.`,
    ],
  };
  const thanks: Tri = {
    en: [
      `Thank you for trusting ${company} — having you as a customer means a lot to us.`,
      `It is a pleasure to serve you, and we are grateful for your loyalty.`,
      `Thank you for being part of our story.`,
    ],
    fr: [
      `Merci de votre confiance envers ${company} — vous compter parmi nos clients nous touche beaucoup.`,
      `C’est toujours un plaisir de vous servir ; merci pour votre fidélité.`,
      `Merci de faire partie de notre histoire.`,
    ],
    sw: [
      `Asante kwa kuiamini ${company} — ni furaha kubwa kukuhudumia.`,
      `Tunashukuru sana kwa uaminifu wako kwetu.`,
      `Asante kwa kuwa sehemu ya safari yetu.`,
    ],
  };
  const opening = tr(
    lang,
    [`Happy birthday, ${first}! 🎉`, `Happy birthday, dear ${first}! 🎂`],
    [`Joyeux anniversaire, ${first} ! 🎉`, `Bon anniversaire, ${first} ! 🎂`],
    [`Heri ya siku ya kuzaliwa, ${first}! 🎉`, `Hongera kwa siku yako ya kuzaliwa, ${first}! 🎂`],
  );
  const close = tr(lang, ['Warm wishes,', 'With best wishes,'], ['Avec nos meilleurs vœux,', 'Chaleureusement,'], ['Kila la heri,', 'Salamu za dhati,']);
  const parts = [rng.pick(opening), rng.pick(wishes[lang]), rng.pick(thanks[lang]), `${rng.pick(close)}\n${sender} – ${company}`];
  return {
    title: tr(lang, `Birthday message for ${name}`, `Message d’anniversaire pour ${name}`, `Ujumbe wa siku ya kuzaliwa kwa ${name}`),
    content: parts.join('\n\n'),
  };
}

const HOLIDAYS: Array<{ match: RegExp; emoji: string; name: { fr: string; sw: string }; en: string[]; fr: string[]; sw: string[] }> = [
  {
    match: /christmas|xmas|no[eë]l|krismasi/i,
    emoji: '🎄',
    name: { fr: 'Noël', sw: 'Krismasi' },
    en: ['May this Christmas bring peace, joy and time with the people you love.', 'Wishing you and your family a merry Christmas full of love and laughter.'],
    fr: ['Que ce Noël vous apporte la paix, la joie et de beaux moments en famille.', 'Nous vous souhaitons un joyeux Noël, plein d’amour et de rires.'],
    sw: [
      'Sikukuu hii ya Krismasi ikuletee amani, furaha na muda mzuri na wapendwa wako.',
      'Tunakutakia wewe na familia yako Krismasi njema yenye upendo na vicheko.',
    ],
  },
  {
    match: /new year|nouvel an|bonne ann[ée]e|mwaka mpya/i,
    emoji: '🎆',
    name: { fr: 'Nouvel An', sw: 'Mwaka Mpya' },
    en: ['May the new year bring you good health, new opportunities and success.', 'Here’s to a prosperous new year for you and your loved ones.'],
    fr: ['Que la nouvelle année vous apporte santé, belles occasions et réussite.', 'Nous vous souhaitons une année prospère, à vous et à vos proches.'],
    sw: ['Mwaka huu mpya ukuletee afya njema, fursa mpya na mafanikio.', 'Tunakutakia mwaka mpya wenye baraka tele, wewe na wapendwa wako.'],
  },
  {
    match: /eid|sallah|tabaski|ramadan|id el|a[iï]d|idd/i,
    emoji: '🌙',
    name: { fr: 'l’Aïd', sw: 'Eid' },
    en: [
      'Eid Mubarak! May Allah accept your prayers and fill your home with peace and blessings.',
      'Wishing you a blessed celebration with family and friends. Eid Mubarak!',
    ],
    fr: [
      'Aïd Moubarak ! Que vos prières soient exaucées et que votre foyer soit rempli de paix.',
      'Nous vous souhaitons une fête bénie en famille et entre amis. Aïd Moubarak !',
    ],
    sw: [
      'Eid Mubarak! Mwenyezi Mungu akubalie ibada zako na ajaze nyumba yako amani na baraka.',
      'Tunakutakia sikukuu njema ya Eid pamoja na familia na marafiki. Eid Mubarak!',
    ],
  },
  {
    match: /easter|p[âa]ques|pasaka/i,
    emoji: '🐣',
    name: { fr: 'Pâques', sw: 'Pasaka' },
    en: ['Happy Easter! May this season renew your hope and fill your home with joy.', 'Wishing you a peaceful Easter and a season of new beginnings.'],
    fr: ['Joyeuses Pâques ! Que cette fête renouvelle votre espérance et remplisse votre foyer de joie.', 'Nous vous souhaitons de paisibles fêtes de Pâques.'],
    sw: ['Pasaka njema! Msimu huu ukuletee matumaini mapya na furaha nyumbani kwako.', 'Tunakutakia Pasaka yenye amani na mwanzo mpya.'],
  },
  {
    match: /independence|ind[ée]pendance|uhuru|jamhuri|madaraka|mashujaa/i,
    emoji: '🎉',
    name: { fr: 'la fête de l’indépendance', sw: 'Sikukuu ya Uhuru' },
    en: ['Let’s celebrate how far we have come and build what is next together.', 'Proud of our country and grateful for customers like you.'],
    fr: ['Célébrons le chemin parcouru et construisons la suite ensemble.', 'Fiers de notre pays et reconnaissants envers des clients comme vous.'],
    sw: ['Tusherehekee tulikotoka na tujenge kesho yetu pamoja.', 'Tunajivunia nchi yetu na tunashukuru kwa wateja kama wewe.'],
  },
  {
    match: /valentine|saint[- ]valentin|wapendanao/i,
    emoji: '❤️',
    name: { fr: 'la Saint-Valentin', sw: 'Siku ya Wapendanao' },
    en: ['Thank you for the love you show our small business.'],
    fr: ['Merci pour l’affection que vous portez à notre petite entreprise.'],
    sw: ['Asante kwa upendo unaoionyesha biashara yetu ndogo.'],
  },
  {
    match: /mother|m[èe]res?|akina mama/i,
    emoji: '💐',
    name: { fr: 'la fête des Mères', sw: 'Siku ya Akina Mama' },
    en: ['To every mother who holds our families and businesses together: thank you.'],
    fr: ['À toutes les mamans qui font tenir nos familles et nos entreprises : merci.'],
    sw: ['Kwa kila mama anayeshikilia familia na biashara zetu: asante sana.'],
  },
  {
    match: /father|p[èe]res?|akina baba/i,
    emoji: '👔',
    name: { fr: 'la fête des Pères', sw: 'Siku ya Akina Baba' },
    en: ['To every dad working hard for his family: thank you.'],
    fr: ['À tous les papas qui travaillent dur pour leur famille : merci.'],
    sw: ['Kwa kila baba anayejituma kwa ajili ya familia yake: asante sana.'],
  },
];

/** Seasons greetings naming the holiday, from the sender and their company (exactly as typed). */
export function seasonsGreetings(fields: Record<string, string>, lang: Lang, rng: Rng): GeneratedText {
  const { holiday, company_name: company, sender } = fields;
  const h = HOLIDAYS.find((x) => x.match.test(holiday));
  const typed = clause(holiday);
  const name = lang === 'en' || !h ? typed : h.name[lang];
  const emoji = h?.emoji ?? '🎉';
  const heading = tr(lang, `Happy ${typed}! ${emoji}`, `${cap(name)} : meilleurs vœux ! ${emoji}`, `Heri ya ${name}! ${emoji}`);
  const wish = h
    ? rng.pick(h[lang])
    : rng.pick(
        tr(
          lang,
          [`May ${typed} be a time of joy, rest and togetherness for you.`, `Wishing you a wonderful ${typed} with the people you love.`],
          [
            `Que ${typed} soit pour vous un moment de joie, de repos et de partage.`,
            `Nous vous souhaitons une belle fête de ${typed}, entouré(e) de ceux que vous aimez.`,
          ],
          [`${typed} iwe kwako wakati wa furaha, mapumziko na umoja.`, `Tunakutakia sikukuu njema ya ${typed} pamoja na wapendwa wako.`],
        ),
      );
  const thanks = rng.pick(
    tr(
      lang,
      [
        `At this special time, all of us at ${company} want to thank you for your support.`,
        `Every order you place helps ${company} grow. Thank you for being with us.`,
      ],
      [
        `En cette période de fête, toute l’équipe de ${company} tient à vous remercier de votre fidélité.`,
        `Chaque commande que vous nous confiez aide ${company} à grandir. Merci d’être là !`,
      ],
      [`Katika msimu huu, sisi sote wa ${company} tunakushukuru kwa kuwa nasi.`, `Kila oda yako inaisaidia ${company} kukua. Asante kwa kuwa pamoja nasi.`],
    ),
  );
  const close = `${tr(lang, 'With gratitude,', 'Avec gratitude,', 'Kwa shukrani,')}\n${sender} – ${company}`;
  return {
    title: tr(lang, `${typed} greetings from ${company}`, `Vœux de ${company} (${name})`, `Salamu za ${name} kutoka ${company}`),
    content: [heading, wish, thanks, close].join('\n\n'),
  };
}

type ToneText = { hello: string; dear: string; open: string[]; close: string };
const TONES: Record<string, Record<Lang, ToneText>> = {
  Friendly: {
    en: { hello: 'Hi there,', dear: 'Hi', open: ['Hope your week is going well!', 'Here’s a quick note from us.'], close: 'Talk soon,' },
    fr: { hello: 'Bonjour,', dear: 'Bonjour', open: ['Nous espérons que votre semaine se passe bien !', 'Un petit mot de notre part.'], close: 'À bientôt,' },
    sw: { hello: 'Habari,', dear: 'Habari', open: ['Tunatumaini wiki yako inaenda vizuri!', 'Tunakuletea ujumbe mfupi.'], close: 'Tuwasiliane,' },
  },
  Professional: {
    en: { hello: 'Dear customer,', dear: 'Dear', open: ['We are writing to let you know the following.'], close: 'Kind regards,' },
    fr: { hello: 'Madame, Monsieur,', dear: 'Bonjour', open: ['Nous souhaitons vous informer de ce qui suit.'], close: 'Cordialement,' },
    sw: { hello: 'Mpendwa mteja,', dear: 'Mpendwa', open: ['Tunakuandikia kukujulisha yafuatayo.'], close: 'Wako kwa dhati,' },
  },
  Persuasive: {
    en: { hello: 'Hello,', dear: 'Hello', open: ['Here’s why this is worth two minutes of your time.'], close: 'See you soon,' },
    fr: { hello: 'Bonjour,', dear: 'Bonjour', open: ['Voici pourquoi cela vaut deux minutes de votre temps.'], close: 'À très vite,' },
    sw: { hello: 'Habari,', dear: 'Habari', open: ['Hiki ni kitu ambacho hutapenda kukikosa.'], close: 'Karibu sana,' },
  },
  Urgent: {
    en: { hello: 'Hello,', dear: 'Hello', open: ['A short but important message — please read it today.'], close: 'Thank you,' },
    fr: { hello: 'Bonjour,', dear: 'Bonjour', open: ['Un message court mais important : merci de le lire aujourd’hui.'], close: 'Merci,' },
    sw: { hello: 'Habari,', dear: 'Habari', open: ['Ujumbe mfupi lakini muhimu — tafadhali usome leo.'], close: 'Asante,' },
  },
  Grateful: {
    en: { hello: 'Dear customer,', dear: 'Dear', open: ['Before anything else: thank you for your support.'], close: 'With thanks,' },
    fr: { hello: 'Chère cliente, cher client,', dear: 'Bonjour', open: ['Avant tout : merci pour votre soutien.'], close: 'Avec nos remerciements,' },
    sw: { hello: 'Mpendwa mteja,', dear: 'Mpendwa', open: ['Kwanza kabisa: asante kwa kuwa nasi.'], close: 'Kwa shukrani,' },
  },
};

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 10))}…`;
}

/**
 * Email copy: the owner's instruction turned into a message to the customer (who, what, when), with two
 * subject lines and a preview. It states nothing about the business that the owner did not write.
 */
export function emailCopy(fields: Record<string, string>, lang: Lang, rng: Rng, { from }: { from: Sender }): GeneratedText {
  const t = (TONES[fields.tone] ?? TONES.Friendly)[lang];
  const ins = readInstruction(fields.description);
  const said = saySentence(ins, lang);
  const first = said.split(/(?<=\.)\s/)[0].replace(/\.$/, '');
  const topic = cap(shorten(first, 60));
  const hello = ins.to ? `${t.dear} ${ins.to},` : t.hello;
  const subjects = ins.single
    ? [
        topic,
        tr(
          lang,
          `${ins.to ? `${ins.to}, an` : 'An'} update for you`,
          `${ins.to ? `${ins.to}, une` : 'Une'} information pour vous`,
          `${ins.to ? `${ins.to}, taarifa` : 'Taarifa'} kwa ajili yako`,
        ),
      ]
    : [
        topic,
        tr(
          lang,
          `News from ${from.company ?? 'us'}: ${lower1(topic)}`,
          `Du nouveau chez ${from.company ?? 'nous'} : ${lower1(topic)}`,
          `Habari mpya kutoka ${from.company ?? 'kwetu'}: ${lower1(topic)}`,
        ),
      ];
  const [s1, s2] = rng.shuffle(subjects);
  const intro = ins.single
    ? undefined
    : tr(lang, 'We have something to share with you:', 'Nous avons une nouvelle à partager avec vous :', 'Tuna jambo la kukushirikisha:');
  const next = tr(
    lang,
    'If you have any questions, just reply to this message.',
    'Pour toute question, répondez simplement à ce message.',
    'Ukiwa na swali lolote, jibu ujumbe huu tu.',
  );
  const L = {
    subject: tr(lang, '**Subject:**', '**Objet :**', '**Kichwa:**'),
    alt: tr(lang, '**Alternative subject:**', '**Autre objet :**', '**Kichwa mbadala:**'),
    preview: tr(lang, '**Preview text:**', '**Texte d’aperçu :**', '**Maandishi ya awali:**'),
  };
  const content = [
    `${L.subject} ${s1}`,
    `${L.alt} ${s2}`,
    `${L.preview} ${shorten(said, 90)}`,
    '---',
    hello,
    rng.pick(t.open),
    intro ? `${intro} ${lower1(said)}` : said,
    next,
    `${t.close}\n${from.name ? personSignOff(from, lang) : teamName(from.company, lang)}`,
  ];
  return { title: tr(lang, `Email: ${topic}`, `E-mail : ${lower1(topic)}`, `Barua pepe: ${lower1(topic)}`), content: content.join('\n\n') };
}

const INTENTS: Record<string, Record<Lang, string[]>> = {
  Accept: {
    en: ['We are happy to go ahead with this.', 'Yes — we can do this, and we look forward to working with you.'],
    fr: ['Avec plaisir, nous donnons suite.', 'Oui, c’est possible, et nous avons hâte de travailler avec vous.'],
    sw: ['Tunafurahi kukubali, na tuko tayari kuanza.', 'Ndiyo — tunaweza kufanya hivi, na tunatarajia kufanya kazi nawe.'],
  },
  Decline: {
    en: ['After careful thought, we are unable to go ahead with this at the moment.', 'Unfortunately, we can’t take this on right now.'],
    fr: ['Après réflexion, nous ne pouvons pas donner suite pour le moment.', 'Malheureusement, nous ne pouvons pas nous en charger en ce moment.'],
    sw: ['Baada ya kutafakari, kwa sasa hatutaweza kuendelea na hili.', 'Samahani, kwa sasa hatuwezi kuchukua kazi hii.'],
  },
  'Ask for more details': {
    en: ['Before we confirm, could you share a few more details?', 'To give you an accurate answer, we need a little more information.'],
    fr: ['Avant de confirmer, pourriez-vous nous donner quelques précisions ?', 'Pour vous répondre précisément, il nous faut un peu plus d’informations.'],
    sw: ['Kabla hatujathibitisha, tafadhali tupe maelezo zaidi kidogo.', 'Ili tukujibu kwa usahihi, tunahitaji maelezo machache zaidi.'],
  },
  'Follow up': {
    en: ['I’m following up on your message to make sure nothing is missing on our side.', 'Just checking in on this so we can move forward.'],
    fr: ['Je reviens vers vous au sujet de votre message pour m’assurer que rien ne manque.', 'Un petit suivi pour que nous puissions avancer.'],
    sw: ['Nafuatilia ujumbe wako ili kuhakikisha hakuna kinachokosekana upande wetu.', 'Nauliza tu hali ya jambo hili ili tuweze kuendelea.'],
  },
  Apologise: {
    en: [
      'We are sorry for the trouble this has caused, and we are putting it right.',
      'Please accept our apologies — this is not the service we want you to have.',
    ],
    fr: [
      'Nous sommes désolés pour ce désagrément et nous faisons le nécessaire.',
      'Veuillez accepter nos excuses : ce n’est pas le service que nous voulons vous offrir.',
    ],
    sw: ['Tunaomba radhi kwa usumbufu uliotokea, na tunalishughulikia.', 'Samahani sana — hii si huduma tunayotaka upate.'],
  },
  'Thank them': {
    en: ['Thank you so much for your message — it really made our day.', 'We truly appreciate you taking the time to write to us.'],
    fr: ['Merci beaucoup pour votre message, il nous a fait très plaisir.', 'Merci d’avoir pris le temps de nous écrire.'],
    sw: ['Asante sana kwa ujumbe wako — umetufurahisha sana.', 'Tunashukuru kwa kuchukua muda kutuandikia.'],
  },
};

/** Whoever signed the original email: the line after "Regards," / "Thanks," etc. */
function signer(original: string): string | undefined {
  const lines = original
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  for (let i = lines.length - 2; i >= 0; i--) {
    if (
      /^(best|kind|warm)?\s*(regards|wishes|thanks|thank you|cheers|sincerely|cordialement|merci|bien à vous|asante|wako|kila la heri)[,!.]?$/i.test(lines[i])
    ) {
      const name = lines[i + 1].replace(/[,.]$/, '');
      if (name.length <= 60) return name;
    }
  }
  return undefined;
}

/** A reply to a received email with the chosen intent, answering its questions one by one. */
export function replyEmail(fields: Record<string, string>, lang: Lang, rng: Rng, { from }: { from: Sender }): GeneratedText {
  const original = fields.original_email;
  const subjectLine = /^subject:\s*(.+)$/im.exec(original)?.[1]?.trim() ?? /^(?:objet|kichwa)\s*:\s*(.+)$/im.exec(original)?.[1]?.trim();
  const topic = subjectLine ?? (title(keywords(original, 3).join(' ')) || tr(lang, 'Your message', 'Votre message', 'Ujumbe wako'));
  const who = signer(original);
  const body = original
    .split(/\r?\n/)
    .filter((l) => !/^\s*(subject|objet|kichwa|from|de|to|à)\s*:/i.test(l))
    .join(' ')
    .replace(/\s+/g, ' ');
  const questions = (body.match(/[^.!?]*\?/g) ?? [])
    .map((q) => q.trim().replace(/^(hello|hi|hey|dear [^,]{1,40}|bonjour|salut|habari|hujambo|mpendwa [^,]{1,40})\s*[,!]\s*/i, ''))
    .filter((q) => q.length > 8)
    .slice(0, 4)
    .map(cap);
  const intent = INTENTS[fields.intent] ?? INTENTS.Accept;
  const lines = [
    `${tr(lang, '**Subject:**', '**Objet :**', '**Kichwa:**')} Re: ${topic}`,
    who ? tr(lang, `Dear ${who},`, `Bonjour ${who},`, `Habari ${who},`) : tr(lang, 'Hello,', 'Bonjour,', 'Habari,'),
    tr(lang, 'Thank you for your email.', 'Merci pour votre e-mail.', 'Asante kwa barua pepe yako.'),
    rng.pick(intent[lang]),
  ];
  if (questions.length) {
    lines.push(tr(lang, 'To answer your questions:', 'Pour répondre à vos questions :', 'Kujibu maswali yako:'));
    lines.push(questions.map((q) => `- _${q}_ → ${tr(lang, '[your answer]', '[votre réponse]', '[jibu lako]')}`).join('\n'));
  }
  if (fields.intent === 'Ask for more details')
    lines.push(
      tr(
        lang,
        '- What quantities and timeline do you have in mind?\n- Is there a budget range?\n- What is the best way to reach you?',
        '- Quelles quantités et quel délai ?\n- Un budget indicatif ?\n- Le meilleur moyen de vous joindre ?',
        '- Unahitaji kiasi gani, na kwa muda gani?\n- Una bajeti ya kiasi gani?\n- Tukupate vipi kwa urahisi zaidi?',
      ),
    );
  lines.push(
    rng.pick(
      tr(
        lang,
        ['Please let me know if you need anything else.', 'I’m happy to help with anything further.'],
        ['N’hésitez pas à me contacter si vous avez besoin de quoi que ce soit.', 'Je reste à votre disposition.'],
        ['Karibu tena kwa lolote unalohitaji.', 'Niko tayari kukusaidia zaidi.'],
      ),
    ),
  );
  lines.push(`${tr(lang, 'Kind regards,', 'Cordialement,', 'Wako kwa dhati,')}\n${personSignOff(from, lang)}`);
  return { title: tr(lang, `Reply: ${topic}`, `Réponse : ${topic}`, `Jibu: ${topic}`), content: lines.join('\n\n') };
}
