import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AGE_OPTIONS,
  AI_EXAMPLE_FIELDS,
  AI_COSTS,
  AI_MESSAGE_TEXTS,
  AI_MESSAGES,
  aiProblemMessage,
  AI_SAMPLES,
  AI_TYPE_NAMES,
  AI_TYPES,
  aiGeneratePayloadSchema,
  aiTypeBySlug,
  aiTypeInfo,
  canGenerate,
  DEFAULT_AGE,
  generateProblems,
  isLooseUrl,
  normalizeAiUrl,
} from './index';
import type { AiType } from './types';

const validFields = AI_EXAMPLE_FIELDS;

describe('AI types table', () => {
  it('has the SPEC §3 labels exactly, in SPEC order', () => {
    expect(AI_TYPES.map((t) => [t.type, t.label])).toEqual([
      ['business_name', 'Business Name Ideas'],
      ['business_plan', 'Business Plan'],
      ['content_idea', 'Content Ideas'],
      ['content_link', 'Content from link'],
      ['ideal_customer', 'My Ideal Customer'],
      ['user_persona', 'User Persona'],
      ['newsletter', 'Newsletter'],
      ['birthday_wishes', 'Birthday Message'],
      ['seasons_greetings', 'Seasons Greeting'],
      ['email', 'Email Copy'],
      ['reply_email', 'Email Reply'],
    ]);
  });

  it('has the SPEC §9 costs', () => {
    expect(AI_COSTS).toEqual({
      birthday_wishes: 5,
      newsletter: 5,
      seasons_greetings: 5,
      content_idea: 5,
      ideal_customer: 10,
      user_persona: 10,
      business_plan: 10,
      business_name: 10,
      content_link: 15,
      email: 5,
      reply_email: 5,
    });
  });

  it('maps page slugs both ways', () => {
    const slugs = Object.fromEntries(AI_TYPES.map((t) => [t.type, t.slug]));
    expect(slugs).toEqual({
      user_persona: 'user-persona',
      ideal_customer: 'idea-customer',
      birthday_wishes: 'birthday-wishes',
      seasons_greetings: 'seasons-greetings',
      content_link: 'content-link',
      business_plan: 'business-plan',
      business_name: 'business-name',
      newsletter: 'newsletter',
      content_idea: 'content-idea',
      email: 'email',
      reply_email: 'reply-email',
    });
    for (const t of AI_TYPES) expect(aiTypeBySlug(t.slug)?.type).toBe(t.type);
    expect(aiTypeBySlug('nope')).toBeUndefined();
  });

  it('has the SPEC §3 request fields per type and the SPEC §2 form labels', () => {
    const fields = Object.fromEntries(AI_TYPES.map((t) => [t.type, t.fields.map((f) => f.name).sort()]));
    expect(fields).toEqual({
      birthday_wishes: ['company_name', 'name', 'sender'],
      business_name: ['description'],
      business_plan: ['currency', 'description'],
      content_idea: ['description'],
      content_link: ['url'],
      ideal_customer: ['country', 'description'],
      newsletter: ['description'],
      seasons_greetings: ['company_name', 'holiday', 'sender'],
      user_persona: ['age', 'country', 'description'],
      email: ['description', 'tone'],
      reply_email: ['intent', 'original_email'],
    });
    const label = (type: AiType, name: string) => aiTypeInfo(type).fields.find((f) => f.name === name)?.label;
    expect(aiTypeInfo('birthday_wishes').pageTitle).toBe('Write Birthday Message');
    expect(label('birthday_wishes', 'company_name')).toBe('Your Company Name');
    expect(label('birthday_wishes', 'sender')).toBe('Your Name');
    expect(label('business_name', 'description')).toBe('Describe The Business');
    expect(label('content_idea', 'description')).toBe('Describe Your Business');
    expect(label('content_link', 'url')).toBe('Link');
    expect(label('newsletter', 'description')).toBe('Describe Your Update');
    expect(label('seasons_greetings', 'holiday')).toBe('Name Of Holiday');
    expect(label('user_persona', 'age')).toBe('Age Range');
    expect(aiTypeInfo('content_link').fields[0].required).toBe(true);
  });

  it('has the age options with Young as default', () => {
    expect(AGE_OPTIONS).toEqual(['Young', 'Middle Age', 'Aged']);
    expect(DEFAULT_AGE).toBe('Young');
  });

  it('has a sample per type with title, content, pageTitle, sample flag and cost', () => {
    for (const type of AI_TYPE_NAMES) {
      const s = AI_SAMPLES[type];
      expect(s.sample).toBe(true);
      expect(s.cost).toBe(AI_COSTS[type]);
      expect(s.pageTitle).toBe(aiTypeInfo(type).pageTitle);
      expect(s.title.length).toBeGreaterThan(5);
      expect(s.content.length).toBeGreaterThan(200);
    }
  });
});

describe('SPEC §5 validation', () => {
  it('accepts the valid fields of every type (canGenerate and the zod schema agree)', () => {
    for (const type of AI_TYPE_NAMES) {
      expect(canGenerate(type, validFields[type]), type).toBe(true);
      expect(aiGeneratePayloadSchema.safeParse({ generate: type, ...validFields[type] }).success, type).toBe(true);
    }
  });

  it.each(['business_name', 'business_plan', 'content_idea', 'newsletter', 'ideal_customer', 'user_persona', 'email'] as const)(
    '%s: the description must be longer than 5 characters',
    (type) => {
      expect(canGenerate(type, { ...validFields[type], description: '12345' })).toBe(false);
      expect(canGenerate(type, { ...validFields[type], description: '   123456   ' })).toBe(true);
      expect(canGenerate(type, { ...validFields[type], description: '  12345    ' })).toBe(false);
      expect(generateProblems(type, { description: 'abc' })).toHaveProperty('description');
      const parsed = aiGeneratePayloadSchema.safeParse({ generate: type, ...validFields[type], description: 'short' });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0].path).toEqual(['description']);
    },
  );

  it('reply_email: the original email must be longer than 5 characters', () => {
    expect(canGenerate('reply_email', { original_email: 'Hi!' })).toBe(false);
    expect(canGenerate('reply_email', { original_email: 'Hello there' })).toBe(true);
  });

  it('birthday: a contact is chosen, company and own name have at least 3 characters', () => {
    const ok = validFields.birthday_wishes;
    expect(canGenerate('birthday_wishes', { ...ok, name: '' })).toBe(false);
    expect(canGenerate('birthday_wishes', { ...ok, name: undefined })).toBe(false);
    expect(canGenerate('birthday_wishes', { ...ok, company_name: 'AB' })).toBe(false);
    expect(canGenerate('birthday_wishes', { ...ok, company_name: 'ABC' })).toBe(true);
    expect(canGenerate('birthday_wishes', { ...ok, sender: 'Al' })).toBe(false);
    expect(canGenerate('birthday_wishes', { ...ok, sender: 'Ali' })).toBe(true);
    expect(Object.keys(generateProblems('birthday_wishes', {})).sort()).toEqual(['company_name', 'name', 'sender']);
  });

  it('gives each problem as a code with the numbers its message names, not as English (issue 24)', () => {
    expect(generateProblems('birthday_wishes', { name: '', company_name: 'AB', sender: 'Ali' })).toEqual({
      name: { code: 'contact', params: {} },
      company_name: { code: 'company_name', params: { min: 3 } },
    });
    expect(generateProblems('business_plan', { description: 'abc' })).toEqual({ description: { code: 'description', params: { more: 5 } } });
    expect(generateProblems('reply_email', {})).toEqual({ original_email: { code: 'original_email', params: { more: 5 } } });
    expect(generateProblems('content_link', { url: 'nope' })).toEqual({ url: { code: 'url', params: {} } });
    expect(generateProblems('seasons_greetings', { holiday: ' ', company_name: 'Ada', sender: 'Ada' })).toEqual({ holiday: { code: 'holiday', params: {} } });
  });

  it("fills a problem's English for the server: the same words as before, the numbers from the limits", () => {
    expect(AI_MESSAGES).toEqual({
      description: 'Please write more than 5 characters',
      contact: 'Please choose a customer',
      company_name: 'Your company name needs at least 3 characters',
      sender: 'Your name needs at least 3 characters',
      holiday: 'Please enter the name of the holiday',
      url: 'Please enter a valid link, e.g. https://example.com/page',
      original_email: 'Please paste the email you received (more than 5 characters)',
    });
    expect(aiProblemMessage({ code: 'sender', params: { min: 4 } })).toBe('Your name needs at least 4 characters');
    expect(aiProblemMessage({ code: 'description', params: {} })).toBe(AI_MESSAGE_TEXTS.description);
    // The zod schema the server checks with refuses with the same English.
    const refused = aiGeneratePayloadSchema.safeParse({ generate: 'business_name', description: 'abc' });
    expect(refused.success ? [] : refused.error.issues.map((i) => i.message)).toEqual([AI_MESSAGES.description]);
  });

  it('seasons greetings: holiday filled, company and name at least 3 characters', () => {
    const ok = validFields.seasons_greetings;
    expect(canGenerate('seasons_greetings', { ...ok, holiday: '  ' })).toBe(false);
    expect(canGenerate('seasons_greetings', { ...ok, holiday: 'Eid' })).toBe(true);
    expect(canGenerate('seasons_greetings', { ...ok, company_name: 'Ko' })).toBe(false);
    expect(canGenerate('seasons_greetings', { ...ok, sender: 'K' })).toBe(false);
  });

  it('content from link: the loose URL pattern', () => {
    const good = [
      'example.com',
      'www.example.com',
      'http://example.com',
      'https://www.example.co.ke/blog/post-1?x=1&y=2#top',
      'HTTPS://Example.COM',
      'shop.example.africa/path',
      'example.com:8080/a',
    ];
    const bad = [
      '',
      'hello',
      'example',
      'ftp://example.com',
      'javascript:alert(1)',
      'http://127.0.0.1/',
      'example.c',
      'example.toolongtld',
      'http://exa mple.com',
      `${'a'.repeat(300)}.com`,
      'x.com',
    ];
    for (const url of good) expect(isLooseUrl(url), url).toBe(true);
    for (const url of bad) expect(isLooseUrl(url), url).toBe(false);
    expect(canGenerate('content_link', { url: 'example.com/x' })).toBe(true);
    expect(canGenerate('content_link', { url: 'not a link' })).toBe(false);
  });

  it('normalizes a link without a scheme to https', () => {
    expect(normalizeAiUrl(' example.com/a ')).toBe('https://example.com/a');
    expect(normalizeAiUrl('http://example.com')).toBe('http://example.com');
  });

  it('server schema: defaults, enums, language and unknown types', () => {
    const plan = aiGeneratePayloadSchema.parse({ generate: 'business_plan', description: 'A tailoring shop' });
    expect(plan).toMatchObject({ currency: 'NGN' });
    const persona = aiGeneratePayloadSchema.parse({ generate: 'user_persona', description: 'A hair booking app' });
    expect(persona).toMatchObject({ age: 'Young', country: '' });
    expect(aiGeneratePayloadSchema.safeParse({ generate: 'user_persona', description: 'A hair app', age: 'Old' }).success).toBe(false);
    expect(aiGeneratePayloadSchema.safeParse({ generate: 'business_plan', description: 'A tailoring shop', currency: 'XYZ' }).success).toBe(false);
    expect(aiGeneratePayloadSchema.safeParse({ generate: 'newsletter', description: 'New branch opened', language: 'fr' }).success).toBe(true);
    expect(aiGeneratePayloadSchema.safeParse({ generate: 'newsletter', description: 'New branch opened', language: 'xx' }).success).toBe(false);
    const unknown = aiGeneratePayloadSchema.safeParse({ generate: 'poem', description: 'whatever' });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0].path).toEqual(['generate']);
    expect(aiGeneratePayloadSchema.safeParse({ generate: 'newsletter', description: 'x'.repeat(5000) }).success).toBe(false);
  });

  it('canGenerate and the server schema agree on any description', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(['business_name', 'content_idea', 'newsletter', 'email'] as const)),
        fc.string({ maxLength: 20 }),
        (type, description) => {
          const client = canGenerate(type, { description });
          const server = aiGeneratePayloadSchema.safeParse({ generate: type, description }).success;
          expect(server).toBe(client);
        },
      ),
    );
  });

  it('canGenerate and the server schema agree on any link', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.domain(), fc.string({ maxLength: 40 })), (url) => {
        expect(aiGeneratePayloadSchema.safeParse({ generate: 'content_link', url }).success).toBe(canGenerate('content_link', { url }));
      }),
      { numRuns: 60 },
    );
  }, 30_000);
});

describe('AI output languages', () => {
  it('the built-in writer writes en, fr and sw; the picker offers only those, a Chat Completions provider all', async () => {
    const { offeredAiLanguages, isBuiltinAiLanguage, AI_LANGUAGES: all } = await import('./types');
    expect(offeredAiLanguages('email').map((l) => l.code)).toEqual(['en', 'fr', 'sw']);
    expect(offeredAiLanguages('business_plan', 'chat')).toEqual(all);
    expect(isBuiltinAiLanguage('pcm', 'email')).toBe(false);
    expect(isBuiltinAiLanguage('sw', 'business_name')).toBe(true);
  });
});
