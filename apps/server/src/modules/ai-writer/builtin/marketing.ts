import type { GeneratedText, PageText, Sender } from '../provider';
import type { TextKeyOf } from '@duka/core';
import { say, sayEach } from './say';
import type { WriterStrings } from './strings';
import { cap, clause, detectSector, keywords, type Lang, lower1, placeIn, products, type Rng, type Sector, teamName, title } from './text';

/** The post ideas, in the order the seeded shuffle draws from; each is [heading, what to post, caption] in the strings. */
const IDEAS = [
  'idea.behindScenes',
  'idea.team',
  'idea.poll',
  'idea.customers',
  'idea.weekend',
  'idea.howMade',
  'idea.offer',
  'idea.tip',
  'idea.neighbourhood',
  'idea.question',
] as const;

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
  const main = kws[0] ?? say(lang, 'ideas.products');
  const sector = detectSector(desc);
  const picked = rng.shuffle(IDEAS.map((_, i) => i)).slice(0, 7);
  const days = sayEach(lang, 'days');
  const at = place ? say(lang, 'idea.at', { place }) : '';
  const posts = picked.map((n, i) => {
    const k = kws.length ? kws[i % kws.length] : main;
    const [head, what, caption] = sayEach(lang, IDEAS[n], { k, at });
    return `**${days[i]} – ${head}**\n${what}\n${say(lang, 'ideas.caption')} "${caption}"`;
  });
  const tagLine = `${say(lang, 'ideas.hashtags')} ${hashtags(kws, place || undefined, sector)}`;
  return {
    title: say(lang, 'ideas.title', { main: title(main) }),
    content: [say(lang, 'ideas.heading'), posts.join('\n\n'), tagLine, `${say(lang, 'ideas.tip')} ${say(lang, 'ideas.times')}`].join('\n\n'),
  };
}

/** What an update is about, by the words it uses (any of the three languages); the headline is in the strings. */
const NEWS: Array<{ match: RegExp; key: `news.${string}` & TextKeyOf<WriterStrings> }> = [
  {
    match:
      /\b(open(ed|ing)?|launch(ed)?)\b.{0,40}\b(branch|shop|store|outlet|location|office)|new (branch|shop|store|outlet|location)|(ouvert|ouvre|ouverture|nouvelle?) .{0,30}(boutique|agence|magasin|adresse|succursale)|tawi jipya|duka jipya|tumefungua/i,
    key: 'news.branch',
  },
  { match: /\b(mov(ed|ing)|relocat\w*)\b|déménag|tumehamia|tunahamia/i, key: 'news.moving' },
  { match: /discount|\bsale\b|promo|\boffer\b|% off|réduction|soldes|punguzo|ofa/i, key: 'news.offer' },
  { match: /\bprices?\b|\bprix\b|tarif|\bbei\b/i, key: 'news.prices' },
  { match: /\bhours\b|closing|closed|horaires|fermé|saa za kazi|tutafunga/i, key: 'news.hours' },
  { match: /\bnew\b|launch|introduc|nouveau|nouvelle|lancement|mpya/i, key: 'news.new' },
];

/** A newsletter to customers about the owner's update: only what the owner wrote, with a greeting and sign-off. */
export function newsletter(fields: Record<string, string>, lang: Lang, rng: Rng, { from }: { from: Sender }): GeneratedText {
  const update = clause(fields.description);
  const events = NEWS.filter((n) => n.match.test(update));
  const headline = say(lang, events[0]?.key ?? 'news.default');
  const opener = rng.pick(sayEach(lang, 'newsletter.opener'));
  const cta = rng.pick(sayEach(lang, 'newsletter.cta'));
  const body = [
    `# ${headline} 🎉`,
    say(lang, 'newsletter.dear'),
    opener,
    `## ${say(lang, 'newsletter.whatsNew')}\n${cap(update)}.`,
    cta,
    `${say(lang, 'newsletter.thanks')}\n${teamName(from.company, lang)}`,
  ];
  return { title: say(lang, 'newsletter.title', { headline, headlineLower: lower1(headline) }), content: body.join('\n\n') };
}

function sentences(paragraphs: string[]): string[] {
  return paragraphs
    .flatMap((p) => p.split(/(?<=[.!?])\s+(?=[A-Z\u00C0-\u00DE"“])/u))
    .map((s) => s.trim())
    .filter((s) => s.length >= 30 && s.length <= 400);
}

/** Social posts and a summary of a fetched page. */
export function contentFromLink(fields: Record<string, string>, lang: Lang, rng: Rng, source: PageText): GeneratedText {
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
  const summary = top.length ? top.join(' ') : source.description || say(lang, 'link.littleText', { title: pageTitle });
  const points = (source.headings.length >= 2 ? source.headings.slice(0, 4) : top).map((h) => `- ${h.length > 160 ? `${h.slice(0, 157)}…` : h}`);
  const tags = [...new Set(kws.slice(0, 3).map((k) => `#${title(k).replace(/[^\p{L}\p{N}]/gu, '')}`))].join(' ');
  const hook = top[0] ?? summary;
  const short = hook.length > 180 ? `${hook.slice(0, 177)}…` : hook;
  const emoji = rng.pick(['💡', '📌', '👉', '🔥', '✨']);
  const url = source.url;
  const values = { title: pageTitle, summary, url, emoji, tags };
  const out = [
    say(lang, 'link.summary', values),
    points.length ? say(lang, 'link.points', { points: points.join('\n') }) : '',
    say(lang, 'link.social'),
    `**X / Twitter**\n${emoji} ${short} ${url}`,
    say(lang, 'link.facebook', values),
    say(lang, 'link.instagram', { ...values, points: points.slice(0, 3).join('\n') }),
    `**LinkedIn**\n${rng.pick(sayEach(lang, 'link.linkedinLead'))} ${pageTitle}.\n\n${summary}\n\n${url}`,
    say(lang, 'link.whatsapp', values),
  ];
  return { title: say(lang, 'link.title', values), content: out.filter(Boolean).join('\n\n') };
}
