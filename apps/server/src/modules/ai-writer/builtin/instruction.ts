import { say } from './say';
import { cap, clause, type Lang } from './text';

/**
 * An owner's instruction ("Tell customer Funke that her 3 altered dresses are ready, pickup Friday") read as
 * who the message is for and what it says to them, in the second person ("your 3 altered dresses are ready").
 * The instruction itself is never written into the message.
 */
export interface Instruction {
  /** The customer's name exactly as typed, when one is named. */
  to?: string;
  /** The message is for one person (named, or "the customer"), not a broadcast. */
  single: boolean;
  /** What to tell them, addressed to them; no trailing full stop. */
  what: string;
  /** When, if the owner said (a day or date found in the text), as typed. */
  when?: string;
  /** The text was an instruction ("Tell my customers that…"), not the message itself. */
  instructed: boolean;
}

const NAME = String.raw`((?:[\p{Lu}][\p{L}'’-]+)(?:\s+[\p{Lu}][\p{L}'’-]+)?)`;
const EN = new RegExp(
  String.raw`^(?:please\s+)?(?:tell|inform|remind|notify|let|message|write\s+to|email|text|update)\s+(?:(?:all\s+our|all\s+my|all\s+the|my|our|the|all)\s+)?(customers?|clients?|buyers|subscribers|followers|everyone|everybody|people)?\s*(?:,\s*)?(?:${NAME}\s*)?(?:,\s*)?(?:know\s+)?(?:that\s+|about\s+|of\s+|to\s+say\s+)?(.+)$`,
  'u',
);
const FR = new RegExp(
  String.raw`^(?:merci\s+de\s+)?(?:dis|dites|dire|informe|informez|informer|préviens|prévenez|prévenir|rappelle|rappelez|rappeler|annonce|annoncez|annoncer|écris|écrivez)(?:-(?:lui|leur))?\s+(?:à\s+)?(?:(la\s+cliente|le\s+client|(?:tou(?:te)?s\s+)?(?:nos|les|mes)\s+client(?:e)?s|tout\s+le\s+monde|client(?:e)?s?)\s*)?(?:${NAME}\s*)?(?:que\s+|qu[’']|de\s+|du\s+|des\s+|sur\s+)?(.+)$`,
  'u',
);
const SW = new RegExp(
  String.raw`^(?:tafadhali\s+)?(?:mwambie|waambie|mjulishe|wajulishe|mkumbushe|wakumbushe|mwandikie|waandikie|mtumie|watumie)\s+(?:(mteja|wateja(?:\s+(?:wangu|wetu|wote))*|watu\s+wote|kila\s+mtu)\s*)?(?:${NAME}\s*)?(?:kwamba\s+|kuwa\s+|kuhusu\s+|ya\s+kwamba\s+)?(.+)$`,
  'u',
);

const DAY =
  /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|tonight|this weekend|next week|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|demain|aujourd’hui|aujourd'hui|jumatatu|jumanne|jumatano|alhamisi|ijumaa|jumamosi|jumapili|kesho|leo|\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|janv|févr|mars|avr|mai|juin|juil|août|sept|oct|nov|déc)\w*)\b/iu;

/** Third person → second person, so the message speaks to the customer. */
function toYou(text: string, input: Lang): string {
  if (input === 'fr') {
    return text
      .replace(/\bses\b/gi, 'vos')
      .replace(/\b(sa|son)\b/gi, 'votre')
      .replace(/\bleurs\b/gi, 'vos')
      .replace(/\b(elle|il)\s+est\b/gi, 'vous êtes')
      .replace(/\b(elle|il)\s+peut\b/gi, 'vous pouvez')
      .replace(/\b(elle|il)\s+doit\b/gi, 'vous devez');
  }
  if (input === 'sw') {
    // Possessives (vyake → vyako), "anaweza", and a third-person subjunctive verb (aje, alipe, achukue → uje…).
    return text
      .replace(/\b(y|z|w|l|ch|vy)ake\b/gi, (_m, p: string) => `${p}ako`)
      .replace(/\banaweza\b/gi, 'unaweza')
      .replace(/\ba(je|lipe|chukue|pite|fike|lete|tume|pige|kuje|ende)\b/gi, (_m, v: string) => `u${v}`);
  }
  return text
    .replace(/\b(she|he)\s+is\b/gi, 'you are')
    .replace(/\b(she|he)\s+has\b/gi, 'you have')
    .replace(/\b(she|he)\s+can\b/gi, 'you can')
    .replace(/\b(she|he)\s+should\b/gi, 'you should')
    .replace(/\b(she|he)\s+owes\b/gi, 'you owe')
    .replace(/\bthey\s+are\b/gi, 'you are')
    .replace(/\b(her|his|their)\b/gi, 'your')
    .replace(/\b(him|them)\b/gi, 'you')
    .replace(/\b(she|he|they)\b/gi, 'you');
}

/** Reads an owner's instruction in English, French or Kiswahili; anything else is what to say, as written. */
export function readInstruction(text: string): Instruction {
  const d = clause(text);
  const low = d.charAt(0).toLowerCase() + d.slice(1);
  const en = EN.exec(low);
  const fr = en ? null : FR.exec(low);
  const sw = en || fr ? null : SW.exec(low);
  const m = en ?? fr ?? sw;
  const input: Lang = fr ? 'fr' : sw ? 'sw' : 'en';
  let single = false;
  let to: string | undefined;
  let what = d;
  if (m) {
    // a broadcast is written by the business: "my shop" → "our shop"
    const ours = (t: string) =>
      input === 'fr'
        ? t.replace(/\b(ma|mon)\b/gi, 'notre').replace(/\bmes\b/gi, 'nos')
        : input === 'en'
          ? t.replace(/\bmy\b/gi, 'our').replace(/\bI\b/g, 'we')
          : t.replace(/\b(l|w|z|y|ch|vy)angu\b/gi, (_x, p: string) => `${p}etu`);
    const [, audience, name, rest] = m;
    to = name;
    single = !!name || /^(customer|client|la cliente|le client|mteja)$/i.test(audience ?? '');
    what = rest.trim();
    // "Remind Musa to pay…" → "Please pay…"
    if (input === 'en') what = what.replace(/^to\s+/i, 'please ');
    if (input === 'fr') what = what.replace(/^de\s+/i, '').replace(/^(\p{Ll}+(?:er|ir|re))\b/u, 'merci de $1');
    // Kiswahili subjunctive "alipe salio" → "tafadhali lipa salio"
    if (input === 'sw') what = what.replace(/^a(\p{Ll}{2,})e\b/u, 'tafadhali $1a');
    if (!single) what = ours(what);
  }
  what = single ? toYou(what, input) : what;
  const when = DAY.exec(what)?.[0];
  return { to, single, what, when, instructed: !!m && !!(m[1] || m[2]) };
}

/** A description with the owner's instruction framing taken off: "Tell my customers that new fabrics arrive" → "New fabrics arrive". */
export function withoutInstruction(text: string): string {
  const ins = readInstruction(text);
  return ins.instructed ? cap(ins.what) : text;
}

/** The instruction's "what" as the opening sentence of a message, with a pickup or delivery day made readable. */
export function saySentence(ins: Instruction, lang: Lang): string {
  let w = ins.what;
  // "…are ready, pickup Friday" → "…are ready. You can pick them up on Friday."
  w = w.replace(
    /[,;]?\s*(?:for\s+)?(?:pick[\s-]?up|collection|collect)\s+(?:on\s+|by\s+)?([\p{L}\d ]{2,20})$/iu,
    (_m, day: string) => `. ${say(lang, 'pickUpOn', { day: day.trim() })}`,
  );
  w = w.replace(
    /[,;]?\s*(?:pour\s+(?:le\s+|la\s+)?)?(?:retrait|récupération)\s+([\p{L}\d ]{2,20})$/iu,
    (_m, day: string) => `. ${say('fr', 'pickUpOn', { day: day.trim() })}`,
  );
  w = w.replace(/[,;]?\s*(?:kuchukua|zichukuliwe)\s+([\p{L}\d ]{2,20})$/iu, (_m, day: string) => `. ${say('sw', 'pickUpOn', { day: day.trim() })}`);
  return `${cap(w)}.`.replace(/\.\.$/, '.');
}
