import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EVAL_CASES, EVAL_SOURCE, type EvalCase, INSTRUCTION_CASES, renderSamples, runCase } from './eval-set';

/** The rules of issue 19, checked on every output of the fixed evaluation set. */

const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const grams = (ws: string[], n: number) => new Set(ws.slice(0, Math.max(0, ws.length - n + 1)).map((_, i) => ws.slice(i, i + n).join(' ')));

/** Share of the instruction's 5-word sequences found in the output. */
function echo(instruction: string, output: string): number {
  const a = grams(words(instruction), 5);
  if (a.size === 0) return 0;
  const b = grams(words(output), 5);
  return [...a].filter((g) => b.has(g)).length / a.size;
}

const ECHO_PHRASES = [
  'tell customer',
  'tell customers',
  'remind mrs',
  'dites à',
  'rappelez à',
  'annoncez à',
  'mwambie',
  'mkumbushe',
  'wajulishe',
  'waambie',
  'tell my customers',
  'tell people',
  'let everyone know',
  'inform all my',
  'annonce à',
  'dis à',
  'dites à',
  'what you need to know',
  'ce qu’il faut savoir',
  'we’re excited to tell you about customer',
];

/** Claims about a business that no owner in the set gave. */
const INVENTED = [
  'within the hour',
  'within an hour',
  'moins d’une heure',
  '10% off',
  '10 % de remise',
  'loyalty reward',
  'avantages de fidélité',
  'free delivery',
  'livraison gratuite',
  'opening hours on',
  'years of experience',
  'trusted by',
  'best in town',
  'award-winning',
  'written by duka',
  'rédigé par',
  'built-in writer',
  'assistant intégré',
  'message us on whatsapp',
  'écrivez-nous sur whatsapp',
];

const STOP: Record<string, string[]> = {
  en: ['the', 'and', 'you', 'your', 'to', 'of', 'for', 'with', 'we', 'is', 'are', 'our', 'a', 'in', 'this'],
  fr: ['le', 'la', 'les', 'de', 'des', 'et', 'vous', 'votre', 'vos', 'pour', 'nous', 'est', 'une', 'un', 'du', 'à'],
  sw: ['na', 'ya', 'kwa', 'wa', 'za', 'ni', 'yako', 'yetu', 'asante', 'habari', 'tunakutakia', 'kuwa', 'la', 'kila', 'sana', 'wako'],
};
function stopHits(text: string): Record<string, number> {
  const ws = words(text);
  return Object.fromEntries(Object.entries(STOP).map(([l, list]) => [l, ws.filter((w) => list.includes(w)).length]));
}

const LENGTH: Record<string, [number, number]> = {
  birthday_wishes: [150, 900],
  seasons_greetings: [150, 900],
  email: [200, 1500],
  reply_email: [200, 1500],
  newsletter: [200, 1500],
};

const REQUIRED: Record<string, (out: string, c: EvalCase) => boolean> = {
  business_name: (o) => /^10\. \*\*/m.test(o),
  business_plan: (o) => o.includes('|---|---|') && /## /.test(o),
  content_idea: (o) => (o.match(/^\*\*[^*]+ – /gm) ?? []).length === 7 && o.includes('#'),
  content_link: (o) => o.includes('https://example.com/pricing'),
  ideal_customer: (o, c) => o.includes(c.fields.country),
  user_persona: (o, c) => o.includes(c.fields.country),
  newsletter: (o) => /^# /.test(o),
  birthday_wishes: (o, c) => o.includes(c.fields.name.split(' ')[0]) && o.includes(`${c.fields.sender} – ${c.fields.company_name}`),
  seasons_greetings: (o, c) => o.includes(`${c.fields.sender} – ${c.fields.company_name}`),
  email: (o) => /^\*\*(Subject|Objet|Kichwa)/.test(o) && o.includes('---'),
  reply_email: (o) => o.includes('Re: '),
};

describe.each(EVAL_CASES.map((c) => [`${c.type} · ${c.region} · ${c.language}`, c] as const))('%s', (_name, c) => {
  const out = runCase(c);
  const text = `${out.title}\n${out.content}`;
  const low = text.toLowerCase();

  it('does not echo the instruction', () => {
    for (const p of ECHO_PHRASES) expect(low).not.toContain(p);
    // the facts (amounts, items) of an e-mail instruction are carried over; the instruction's framing is not
    if (c.type === 'email') expect(echo(c.fields.description, out.content)).toBeLessThanOrEqual(0.7);
  });

  it('states no invented claim and has no signature line', () => {
    for (const p of INVENTED) expect(low).not.toContain(p);
  });

  it('uses names exactly as typed', () => {
    for (const name of c.names) {
      expect(text).toContain(name);
      const any = new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
      for (const m of text.matchAll(any)) expect(m[0]).toBe(name);
    }
  });

  // content_link quotes the fetched page (English here) in its summary; its own words are checked in the other rules.
  if (c.type !== 'content_link')
    it('is written in the asked language', () => {
      const hits = stopHits(out.content);
      expect(hits[c.language]).toBeGreaterThanOrEqual(5);
      for (const [l, n] of Object.entries(hits)) if (l !== c.language) expect(hits[c.language]).toBeGreaterThan(n);
    });

  it('has a sensible length and the required parts', () => {
    const [min, max] = LENGTH[c.type] ?? [300, 5000];
    expect(out.content.length).toBeGreaterThanOrEqual(min);
    expect(out.content.length).toBeLessThanOrEqual(max);
    expect(out.title.length).toBeGreaterThan(3);
    expect(REQUIRED[c.type](out.content, c)).toBe(true);
  });

  if (c.type === 'business_name')
    it('proposes names that fit the country and the language', () => {
      if (c.region !== 'Kenya') expect(out.content).not.toMatch(/\b(Baraka|Zuri|Imani|Nuru|Nyota|Amani)\b/);
      if (c.region !== 'Ghana') expect(out.content).not.toMatch(/\b(Akwaaba|Adom|Nhyira)\b/);
      if (c.language === 'fr') expect(out.content).not.toMatch(/\b(Le|La) \p{L}+ (Express|Hub|Spot|Corner)\b/u);
    });
});

/** Number words in the three languages and their values ("moja kwa moja", "kila moja" are idioms, not counts). */
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  fifty: 50,
  hundred: 100,
  thousand: 1000,
  million: 1e6,
  dozen: 12,
  twice: 2,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  onze: 11,
  douze: 12,
  quinze: 15,
  vingt: 20,
  trente: 30,
  cinquante: 50,
  cent: 100,
  mille: 1000,
  douzaine: 12,
  moja: 1,
  mmoja: 1,
  mbili: 2,
  wawili: 2,
  tatu: 3,
  watatu: 3,
  vitatu: 3,
  mitatu: 3,
  nne: 4,
  wanne: 4,
  tano: 5,
  watano: 5,
  vitano: 5,
  sita: 6,
  saba: 7,
  nane: 8,
  tisa: 9,
  kumi: 10,
  ishirini: 20,
  thelathini: 30,
  mia: 100,
  elfu: 1000,
};
const NUMBER_WORD = new RegExp(`(?<![\\p{L}\\p{N}])(${Object.keys(NUMBER_WORDS).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
const IDIOMS = /\b(moja kwa moja|kila moja|no one|one another|one of a kind)\b/giu;

/** Every number in a text (digits, with thousands separators, and number words) as values. */
function numbersIn(text: string): Array<[string, number]> {
  const t = text
    .replace(/https?:\/\/\S+/g, '')
    .replace(IDIOMS, ' ')
    .replace(/^\s*\d+\.\s/gm, ' ');
  const out: Array<[string, number]> = [];
  for (const m of t.matchAll(/\d{1,3}(?:[,\u202f\u00a0 ]\d{3})+(?!\d)|\d+(?:\.\d+)?/g)) out.push([m[0], Number(m[0].replace(/[,\u202f\u00a0 ]/g, ''))]);
  for (const m of t.matchAll(NUMBER_WORD)) out.push([m[0], NUMBER_WORDS[m[0].toLowerCase()]]);
  return out;
}

/**
 * Issue 29: every number in the output (digits and number words, any size: "20 customers", "after 3 months",
 * "12–2 pm", "three times a week") must be one the owner typed. List markers ("1. ") are layout, not numbers.
 */
function inventedFigures(c: EvalCase, output: string): string[] {
  const source = c.type === 'content_link' ? [EVAL_SOURCE.title, EVAL_SOURCE.description, ...EVAL_SOURCE.headings, ...EVAL_SOURCE.paragraphs] : [];
  const input = [...Object.values(c.fields), c.from.name ?? '', c.from.company ?? '', ...source].join(' ');
  const given = new Set(numbersIn(input).map(([, v]) => v));
  return numbersIn(output)
    .filter(([, v]) => !given.has(v))
    .map(([w]) => w);
}

/**
 * Issue 29: an age (in years, or a range of years) the owner did not give: "aged 18–30", "24 years old", "## Persona:
 * Ama, 24, Accra", "(18–30)", "24 ans", "miaka 24", "umri wa miaka 18–30". Ages are under 100, so the figure check
 * above does not see them.
 */
function inventedAges(c: EvalCase, output: string): string[] {
  const input = [...Object.values(c.fields), c.from.name ?? '', c.from.company ?? ''].join(' ');
  const given = new Set(input.match(/\d+/g) ?? []);
  const n = '(\\d{1,2})(?:\\s*(?:[–-]|to|à|hadi)\\s*(\\d{1,2}))?';
  const patterns = [
    new RegExp(`\\b(?:aged?|ages|age range|âgée?s?(?: de)?|âge\\s*:?|tranche d.âge\\s*:?|umri(?: wa)?(?: miaka)?|miaka)\\s*:?\\s*\\(?${n}`, 'giu'),
    new RegExp(`\\b${n}\\s*(?:-?years?[\\s-]old|-year-old|yrs|ans)\\b`, 'giu'),
    /^##[^\n]*?,\s*(\d{1,2})(?:\s*(?:ans|years))?,/gmu,
    /\((\d{1,2})\s*[–-]\s*(\d{1,2})(?:\s*(?:ans|years))?\)/gu,
  ];
  const out: string[] = [];
  for (const re of patterns) for (const m of output.matchAll(re)) if ([m[1], m[2]].some((x) => x !== undefined && !given.has(x))) out.push(m[0].trim());
  return out;
}

describe.each(EVAL_CASES.map((c) => [`${c.type} · ${c.region} · ${c.language}`, c] as const))('figures: %s', (_name, c) => {
  it('states no figure the owner did not give', () => {
    const out = runCase(c);
    expect(inventedFigures(c, `${out.title}\n${out.content}`)).toEqual([]);
  });
  it('states no age the owner did not give', () => {
    const out = runCase(c);
    expect(inventedAges(c, `${out.title}\n${out.content}`)).toEqual([]);
  });
});

describe('the figure check', () => {
  const c = EVAL_CASES.find((x) => x.type === 'business_plan') as EvalCase;
  it('fails on an amount, a percentage or a large number the input lacks, and passes the ones it has', () => {
    expect(inventedFigures(c, 'Start-up costs: ₦4,500,000')).toEqual(['4,500,000']);
    expect(inventedFigures(c, 'Margin 45%')).toEqual(['45']);
    expect(inventedFigures(c, 'Break-even at 120 orders')).toEqual(['120']);
    expect(inventedFigures(c, 'Post a 15-second reel, 3 times a week')).toEqual(['15', '3']);
    expect(inventedFigures(c, 'Test the offer with 20 customers and review after three months')).toEqual(['20', 'three']);
    expect(inventedFigures(c, 'Publiez entre 12 h et 14 h, trois fois par semaine')).toEqual(['12', '14', 'trois']);
    expect(inventedFigures(c, 'Chapisha saa sita mchana, mara mbili kwa wiki; gharama ya moja kwa moja')).toEqual(['sita', 'mbili']);
    expect(inventedFigures(c, '## Ideas\n1. **Ada Stitches** – a name\n2. **Next** – another')).toEqual([]);
  });
  it('fails on an age the input lacks, in English, French and Swahili, and passes advice with small counts', () => {
    expect(inventedAges(c, '## Persona: Ama, 24, Accra')).toEqual(['## Persona: Ama, 24,']);
    expect(inventedAges(c, '**Age range:** Young (18–30)')).not.toEqual([]);
    expect(inventedAges(c, '**Who:** aged 31–50, lives in Lagos')).not.toEqual([]);
    expect(inventedAges(c, '## Persona : Awa, 27 ans, Dakar')).not.toEqual([]);
    expect(inventedAges(c, '**Ni nani:** umri wa miaka 18–30; anaishi Nairobi')).not.toEqual([]);
    expect(inventedAges(c, 'She is 42 years old')).toEqual(['42 years old']);
    expect(inventedAges(c, '**Age group:** Young (age ______ (your estimate))')).toEqual([]);
    expect(inventedAges(c, 'Post 3 times a week for 2 weeks')).toEqual([]);
  });
  it('leaves marked blanks in a business plan for the owner’s numbers', () => {
    for (const plan of EVAL_CASES.filter((x) => x.type === 'business_plan')) {
      const out = runCase(plan).content;
      expect(out).toContain(`______ ${plan.fields.currency || 'NGN'}`);
    }
  });
});

describe('instructions become messages to the customer', () => {
  it('writes to Funke about her dresses, not about the instruction', () => {
    const c = EVAL_CASES.find((x) => x.type === 'email' && x.region === 'Nigeria' && x.language === 'en') as EvalCase;
    const out = runCase(c).content;
    expect(out).toMatch(/^Hi Funke,$/m);
    expect(out).toContain('Your 3 altered dresses are ready. You can pick them up on Friday.');
    expect(out).not.toMatch(/customer Funke/i);
  });
  it('does so in French and Kiswahili too', () => {
    const fr = runCase(EVAL_CASES.find((x) => x.type === 'email' && x.region === 'Nigeria' && x.language === 'fr') as EvalCase).content;
    expect(fr).toContain('Vos 3 robes retouchées sont prêtes. Vous pouvez passer les récupérer vendredi.');
    const sw = runCase(EVAL_CASES.find((x) => x.type === 'email' && x.region === 'Nigeria' && x.language === 'sw') as EvalCase).content;
    expect(sw).toContain('Nguo zako 3 zimekamilika. Unaweza kuja kuzichukua Ijumaa.');
  });
});

/** The first words of an instruction ("Tell my customers", "Annonce à mes", "Waambie wateja wangu"): never in the output. */
const INSTRUCTION_VERB =
  /^(?:please\s+)?(?:tell|let|inform|remind|notify|dis|dites|annonce|annoncez|informe|préviens|rappelle|waambie|mwambie|wajulishe|mjulishe|mkumbushe)\b/iu;
function framing(instruction: string): string | undefined {
  if (!INSTRUCTION_VERB.test(instruction.trim())) return undefined;
  return words(instruction).slice(0, 3).join(' ');
}

describe.each(INSTRUCTION_CASES.map((c) => [`${c.type} · ${c.language} · ${c.fields.description}`, c] as const))('instruction: %s', (_name, c) => {
  const out = runCase(c);
  const text = `${out.title}\n${out.content}`;
  it('turns the instruction into content, never pasting it', () => {
    const head = framing(c.fields.description);
    expect(head).toBeDefined();
    expect(words(text).join(' ')).not.toContain(head);
    for (const p of ECHO_PHRASES) expect(text.toLowerCase()).not.toContain(p);
    expect(echo(c.fields.description, text)).toBeLessThanOrEqual(0.7);
  });
  it('states no number the owner did not give', () => {
    expect(inventedFigures(c, text)).toEqual([]);
  });
});

describe('the tester’s newsletter (t28 D3b)', () => {
  const news = (description: string, language: string) => runCase({ ...INSTRUCTION_CASES[0], type: 'newsletter', language, fields: { description } }).content;
  it('tells the customers the news, in English, French and Kiswahili', () => {
    expect(news('Tell my customers that new Ankara fabrics arrive on Monday', 'en')).toContain('New Ankara fabrics arrive on Monday.');
    expect(news('Let everyone know that my shop opens at 9 on Saturday', 'en')).toContain('Our shop opens at 9 on Saturday.');
    expect(news('Annonce à mes clientes que les nouveaux pagnes wax arrivent lundi', 'fr')).toContain('Les nouveaux pagnes wax arrivent lundi.');
    expect(news('Waambie wateja wangu kwamba vitenge vipya vinafika Jumatatu', 'sw')).toContain('Vitenge vipya vinafika Jumatatu.');
    expect(news('Wajulishe wateja kwamba duka langu limehamia Nakuru', 'sw')).toContain('Duka letu limehamia Nakuru.');
  });
});

describe('docs/ai-samples.md', () => {
  it('is generated from the evaluation set and up to date (npm run ai-samples)', () => {
    const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../docs/ai-samples.md');
    expect(readFileSync(file, 'utf8')).toBe(renderSamples());
  });
});
