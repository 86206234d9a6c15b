import type { GeneratedText, Sender } from '../provider';
import { readInstruction, saySentence } from './instruction';
import { type Holiday, type Intent, say, sayEach, type Tone } from './say';
import { cap, clause, keywords, type Lang, lower1, personSignOff, type Rng, teamName, title } from './text';

/** Birthday message for a contact, from the sender and their company (both exactly as typed). */
export function birthdayWishes(fields: Record<string, string>, lang: Lang, rng: Rng): GeneratedText {
  const { name, company_name: company, sender } = fields;
  const first = name.split(/\s+/)[0];
  const values = { company, first };
  const parts = [
    rng.pick(sayEach(lang, 'birthday.opening', values)),
    rng.pick(sayEach(lang, 'birthday.wishes', values)),
    rng.pick(sayEach(lang, 'birthday.thanks', values)),
    `${rng.pick(sayEach(lang, 'birthday.close'))}\n${sender} – ${company}`,
  ];
  return { title: say(lang, 'birthday.title', { name }), content: parts.join('\n\n') };
}

/** Holidays the writer knows (matched in any of the three languages); their names and wishes are in the strings. */
const HOLIDAYS: Array<{ match: RegExp; emoji: string; key: Holiday }> = [
  { match: /christmas|xmas|no[eë]l|krismasi/i, emoji: '🎄', key: 'christmas' },
  { match: /new year|nouvel an|bonne ann[ée]e|mwaka mpya/i, emoji: '🎆', key: 'newYear' },
  { match: /eid|sallah|tabaski|ramadan|id el|a[iï]d|idd/i, emoji: '🌙', key: 'eid' },
  { match: /easter|p[âa]ques|pasaka/i, emoji: '🐣', key: 'easter' },
  { match: /independence|ind[ée]pendance|uhuru|jamhuri|madaraka|mashujaa/i, emoji: '🎉', key: 'independence' },
  { match: /valentine|saint[- ]valentin|wapendanao/i, emoji: '❤️', key: 'valentine' },
  { match: /mother|m[èe]res?|akina mama/i, emoji: '💐', key: 'mothers' },
  { match: /father|p[èe]res?|akina baba/i, emoji: '👔', key: 'fathers' },
];

/** Seasons greetings naming the holiday, from the sender and their company (exactly as typed). */
export function seasonsGreetings(fields: Record<string, string>, lang: Lang, rng: Rng): GeneratedText {
  const { holiday, company_name: company, sender } = fields;
  const h = HOLIDAYS.find((x) => x.match.test(holiday));
  const typed = clause(holiday);
  // English keeps the holiday as the owner typed it; French and Kiswahili use its name in their language.
  const name = lang === 'en' || !h ? typed : say(lang, `holiday.${h.key}.name`);
  const emoji = h?.emoji ?? '🎉';
  const values = { name, Name: cap(name), emoji, company };
  const heading = say(lang, 'greetings.heading', values);
  const wish = rng.pick(h ? sayEach(lang, `holiday.${h.key}.wishes`) : sayEach(lang, 'greetings.wishes', values));
  const thanks = rng.pick(sayEach(lang, 'greetings.thanks', values));
  const close = `${say(lang, 'greetings.close')}\n${sender} – ${company}`;
  return { title: say(lang, 'greetings.title', values), content: [heading, wish, thanks, close].join('\n\n') };
}

/** The email tones (core's EMAIL_TONES) and their strings' names. */
const TONES: Record<string, Tone> = {
  Friendly: 'friendly',
  Professional: 'professional',
  Persuasive: 'persuasive',
  Urgent: 'urgent',
  Grateful: 'grateful',
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
  const tone = TONES[fields.tone] ?? TONES.Friendly;
  const ins = readInstruction(fields.description);
  const said = saySentence(ins, lang);
  const first = said.split(/(?<=\.)\s/)[0].replace(/\.$/, '');
  const topic = cap(shorten(first, 60));
  const hello = ins.to ? `${say(lang, `tone.${tone}.dear`)} ${ins.to},` : say(lang, `tone.${tone}.hello`);
  const values = { to: ins.to ?? '', topic, topicLower: lower1(topic), company: from.company ?? say(lang, 'email.us') };
  const subjects = [topic, ins.single ? say(lang, ins.to ? 'email.updateFor' : 'email.update', values) : say(lang, 'email.newsFrom', values)];
  const [s1, s2] = rng.shuffle(subjects);
  const intro = ins.single ? undefined : say(lang, 'email.intro');
  const content = [
    `${say(lang, 'subjectLabel')} ${s1}`,
    `${say(lang, 'email.altSubject')} ${s2}`,
    `${say(lang, 'email.preview')} ${shorten(said, 90)}`,
    '---',
    hello,
    rng.pick(sayEach(lang, `tone.${tone}.open`)),
    intro ? `${intro} ${lower1(said)}` : said,
    say(lang, 'email.next'),
    `${say(lang, `tone.${tone}.close`)}\n${from.name ? personSignOff(from, lang) : teamName(from.company, lang)}`,
  ];
  return { title: say(lang, 'email.title', values), content: content.join('\n\n') };
}

/** The reply intents (core's REPLY_INTENTS) and their strings' names. */
const INTENTS: Record<string, Intent> = {
  Accept: 'accept',
  Decline: 'decline',
  'Ask for more details': 'details',
  'Follow up': 'followUp',
  Apologise: 'apologise',
  'Thank them': 'thank',
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
  const topic = subjectLine ?? (title(keywords(original, 3).join(' ')) || say(lang, 'reply.yourMessage'));
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
    `${say(lang, 'subjectLabel')} Re: ${topic}`,
    who ? say(lang, 'reply.dear', { who }) : say(lang, 'reply.hello'),
    say(lang, 'reply.thanks'),
    rng.pick(sayEach(lang, `intent.${intent}`)),
  ];
  if (questions.length) {
    lines.push(say(lang, 'reply.questions'));
    lines.push(questions.map((q) => `- _${q}_ → ${say(lang, 'reply.answer')}`).join('\n'));
  }
  if (intent === 'details') lines.push(say(lang, 'reply.details'));
  lines.push(rng.pick(sayEach(lang, 'reply.more')));
  lines.push(`${say(lang, 'reply.regards')}\n${personSignOff(from, lang)}`);
  return { title: say(lang, 'reply.title', { topic }), content: lines.join('\n\n') };
}
