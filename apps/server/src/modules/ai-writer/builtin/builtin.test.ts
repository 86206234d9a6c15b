import { AI_EXAMPLE_FIELDS, AI_TYPE_NAMES, type AiType, CURRENCIES } from '@duka/core';
import { describe, expect, it } from 'vitest';
import type { PageText } from '../provider';
import { writeBuiltin } from './index';
import { keywords, products } from './text';

const SOURCE: PageText = {
  url: 'https://example.com/pricing',
  title: 'How to price your products',
  description: 'A guide for small businesses on pricing.',
  headings: ['Count every cost', 'Add your margin', 'Check the market'],
  paragraphs: [
    'Many small businesses lose money because they do not count all their costs. Materials, transport and packaging all add up.',
    'Once you know your cost per item, add a profit margin of 30 to 50 percent. This keeps the business healthy.',
    'Finally, compare your price with what competitors charge. Being the cheapest is not always the best strategy.',
  ],
};

const FIELDS = AI_EXAMPLE_FIELDS;

const write = (type: AiType, language = 'en', seed = 7, fields = FIELDS[type]) =>
  writeBuiltin(type, fields, language, { seed, source: type === 'content_link' ? SOURCE : undefined });

describe('built-in writer', () => {
  it.each(AI_TYPE_NAMES)('%s: writes markdown in English and French, signed, deterministic for a seed', (type) => {
    for (const lang of ['en', 'fr'] as const) {
      const out = write(type, lang);
      expect(out.title.length).toBeGreaterThan(3);
      expect(out.content.length).toBeGreaterThan(200);
      expect(out.content).not.toMatch(/undefined|\[object Object\]|NaN/);
      expect(out.content).not.toMatch(/built-in writer|assistant intégré/i);
      expect(write(type, lang)).toEqual(out);
    }
  });

  it('varies its wording between seeds', () => {
    const varied = AI_TYPE_NAMES.filter((type) => new Set([1, 2, 3, 4, 5].map((seed) => write(type, 'en', seed).content)).size > 1);
    expect(varied).toEqual([...AI_TYPE_NAMES]);
  });

  it('writes in under 50 ms per type', () => {
    for (const type of AI_TYPE_NAMES) {
      const started = performance.now();
      for (let i = 0; i < 20; i++) write(type, i % 2 ? 'fr' : 'en', i);
      expect((performance.now() - started) / 20, type).toBeLessThan(50);
    }
  });

  it('refuses a language it does not write for the type, instead of answering in English', () => {
    expect(() => write('newsletter', 'yo')).toThrow(/does not write this language/);
    expect(write('business_plan', 'sw').content).toContain('## Muhtasari');
    expect(write('newsletter', 'sw').content).toContain('Mpendwa mteja,');
  });

  it('business names: ten numbered names from the description, each with a one-line reason', () => {
    const out = write('business_name');
    const lines = out.content.split('\n').filter((l) => /^\d+\. \*\*/.test(l));
    expect(lines).toHaveLength(10);
    for (const l of lines) expect(l).toMatch(/^\d+\. \*\*[^*]+\*\* – .{10,}/);
    expect(new Set(lines.map((l) => /\*\*([^*]+)\*\*/.exec(l)?.[1])).size).toBe(10);
    expect(out.content).toMatch(/Juice|Smoothie/);
    expect(out.content).toContain('Yaba');
  });

  it('business plan: every section, with marked blanks in the chosen currency for the owner’s own figures (issue 29)', () => {
    for (const c of CURRENCIES) {
      const out = write('business_plan', 'en', 3, { ...FIELDS.business_plan, currency: c.code });
      for (const h of ['## Summary', '## Market', '## Offer', '## Marketing', '## Operations', '## Financials', '## Next steps'])
        expect(out.content).toContain(h);
      expect(out.content).toContain(`| Start-up costs | ______ ${c.code} |`);
      expect(out.content).toContain('| Break-even | ______ items a month | monthly fixed costs ÷ margin per sale |');
    }
    const fr = write('business_plan', 'fr');
    for (const h of ['## Résumé', '## Marché', '## Offre', '## Finances']) expect(fr.content).toContain(h);
    expect(fr.content).toContain('| Investissement de départ | ______ NGN |');
  });

  it('birthday message names the contact, the sender and the company', () => {
    for (const lang of ['en', 'fr']) {
      const out = write('birthday_wishes', lang);
      expect(out.content).toContain('Chiamaka');
      expect(out.content).toContain('Emeka Eze – Bright Prints');
    }
  });

  it('seasons greetings name the holiday and the sender', () => {
    const out = write('seasons_greetings');
    expect(out.content).toMatch(/Eid/);
    expect(out.content).toContain('Kofi Mensah – Kofi Fabrics');
    const other = write('seasons_greetings', 'en', 1, { holiday: 'Homowo', company_name: 'Kofi Fabrics', sender: 'Kofi' });
    expect(other.content).toContain('Homowo');
  });

  it('content ideas: a week of posts with captions and hashtags', () => {
    const out = write('content_idea');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) expect(out.content).toContain(`**${day} – `);
    expect(out.content.match(/\*Caption:\*/g)).toHaveLength(7);
    expect(out.content).toMatch(/#\w+/);
    expect(out.content).toMatch(/meat pies|birthday cakes/);
  });

  it('ideal customer and persona use the country and the age group, and leave the income and the age to the owner (issue 29)', () => {
    const ideal = write('ideal_customer');
    expect(ideal.content).toContain('Kenya');
    expect(ideal.content).toContain('earns about ______ (your estimate) a month');
    expect(ideal.content).toContain('age ______ (your estimate)');
    const persona = write('user_persona');
    expect(persona.content).toContain('Ghana');
    expect(persona.content).toContain('**Age group:** Aged (age ______ (your estimate))');
    expect(persona.content).not.toContain('₵');
    const young = write('user_persona', 'en', 1, { ...FIELDS.user_persona, age: 'Young' });
    expect(young.content).toContain('**Age group:** Young (');
    expect(young.content).not.toMatch(/\b(1[89]|[2-6]\d)\b/);
  });

  it('a business that sells to shops gets a shop owner as its ideal customer, and its description is not pasted back (t14)', () => {
    for (const lang of ['en', 'fr'] as const) {
      const description = lang === 'en' ? 'We sell solar lamps to small shops' : 'Nous vendons des lampes solaires aux petites boutiques';
      const ideal = write('ideal_customer', lang, 7, { ...FIELDS.ideal_customer, description });
      expect(ideal.content).toMatch(lang === 'en' ? /: \w+, owner of a small shop or business/ : /: \w+, propriétaire d’une petite boutique/);
      expect(ideal.content).not.toContain(description);
    }
  });

  it('an instruction with "for pickup on <day>" or a Swahili subjunctive speaks to the customer (t14)', () => {
    const en = write('email', 'en', 7, { ...FIELDS.email, description: 'Tell Funke her 3 dresses are ready for pickup on Saturday' });
    expect(en.content).toContain('Your 3 dresses are ready. You can pick them up on Saturday.');
    expect(en.content).not.toMatch(/ready for[.\n]/);
    const sw = write('email', 'sw', 7, { ...FIELDS.email, description: 'Mwambie Juma kwamba viatu vyake 4 viko tayari, aje kesho' });
    expect(sw.content).toContain('Viatu vyako 4 viko tayari, uje kesho');
  });

  it('newsletter, email and reply follow the inputs', () => {
    expect(write('newsletter').content).toContain('We’ve opened a new branch!');
    const email = write('email');
    expect(email.content).toMatch(/\*\*Subject:\*\* .*20% December discount on all shoes/);
    expect(email.content).toContain('We have something to share with you: our 20% December discount on all shoes.');
    // The preview text speaks to the customer; the owner's instruction ("Tell customers…") is not repeated.
    expect(email.content).toMatch(/\*\*Preview text:\*\* Our 20% December discount/);
    expect(email.content).not.toContain('Tell customers');
    const reply = write('reply_email');
    expect(reply.content).toContain('Re: Quote for 200 T-shirts');
    expect(reply.content).toContain('Dear Mrs Wanjiru,');
    expect(reply.content).toContain('_What is your price per shirt?_');
  });

  it('newsletter, email and reply sign off as the user (name, company), else with placeholders', () => {
    const from = { name: 'Adaeze Okafor', company: 'Ada Fabrics' };
    const as = (type: AiType, language = 'en') => writeBuiltin(type, FIELDS[type], language, { seed: 3, from }).content;
    expect(as('newsletter')).toContain('Thank you for your support,\nThe Ada Fabrics team');
    expect(as('newsletter', 'fr')).toContain('L’équipe Ada Fabrics');
    expect(as('email')).toContain('See you soon,\nAdaeze Okafor\nAda Fabrics');
    expect(as('reply_email')).toContain('Kind regards,\nAdaeze Okafor\nAda Fabrics');
    expect(as('reply_email', 'fr')).toContain('Cordialement,\nAdaeze Okafor\nAda Fabrics');
    expect(write('reply_email').content).toContain('Kind regards,\n[Your name]');
    expect(write('newsletter').content).toContain('Thank you for your support,\nThe team');
    // A profile value that is blank or not a name is left out rather than printed.
    const odd = writeBuiltin('reply_email', FIELDS.reply_email, 'en', { seed: 3, from: { name: '   ', company: 'x'.repeat(200) } }).content;
    expect(odd).toContain('Kind regards,\n[Your name]');
    expect(odd).not.toContain('xxxxx');
  });

  it('content from link: a summary and posts built from the page', () => {
    const out = write('content_link');
    expect(out.title).toBe('Posts from “How to price your products”');
    expect(out.content).toContain('## Summary');
    expect(out.content).toContain('Many small businesses lose money');
    for (const network of ['**X / Twitter**', '**Facebook**', '**Instagram**', '**LinkedIn**', '**WhatsApp status**']) expect(out.content).toContain(network);
    expect(out.content).toContain('https://example.com/pricing');
  });

  it('copes with odd inputs without crashing or leaking undefined', () => {
    const odd = ['123456', '!!!!!!!', 'éééééé ààà', '🙂🙂🙂🙂🙂🙂', 'a'.repeat(4000), 'the and of to in on at', 'SHOP IN LAGOS SELLING SHOES'];
    for (const description of odd) {
      for (const type of ['business_name', 'business_plan', 'content_idea', 'ideal_customer', 'user_persona', 'newsletter', 'email'] as const) {
        for (const lang of ['en', 'fr']) {
          const out = writeBuiltin(type, { description, currency: 'Yuan', country: 'Atlantis', age: 'Young', tone: 'Friendly' }, lang, { seed: 1 });
          expect(out.content, `${type} ${description.slice(0, 10)}`).not.toMatch(/undefined|NaN|\[object Object\]/);
          expect(out.title.length).toBeGreaterThan(3);
        }
      }
      const reply = writeBuiltin('reply_email', { original_email: description, intent: 'Ask for more details' }, 'en', { seed: 1 });
      expect(reply.content).not.toMatch(/undefined|NaN/);
    }
    const link = writeBuiltin('content_link', { url: 'https://e.com' }, 'en', {
      seed: 1,
      source: { url: 'https://e.com/', title: '', description: '', headings: [], paragraphs: ['Short text only here.'] },
    });
    expect(link.content).toContain('## Summary');
  });

  it('a reply to an email without a subject takes its title from what the email is about, not the greeting', () => {
    const reply = writeBuiltin(
      'reply_email',
      { original_email: 'Hello, can you print 200 T-shirts with our logo by Friday?\n\nThanks,\nTunde', intent: 'Accept' },
      'en',
      { seed: 1 },
    );
    expect(reply.title).not.toMatch(/hello|thanks/i);
    expect(reply.title).toMatch(/^Reply: .*T-shirts/);
    expect(reply.content).toContain('- _Can you print 200 T-shirts with our logo by Friday?_');
  });

  it('keywords and products skip filler words and places', () => {
    expect(keywords('The shop and the shop of the juice')).toEqual(['juice']);
    expect(products('A bakery in Accra known for meat pies and birthday cakes')).toEqual(['birthday cakes', 'meat pies']);
    expect(products('Affordable solar lamps for shops and homes')[0]).toBe('solar lamps');
  });
});
