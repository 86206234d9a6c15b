import { countryDisplayName, formatNumber, type Language, phoneExample, type RuleCode, type RuleParams, ruleErrors } from '@duka/core';
import type { z } from 'zod';
import { activeLanguage, i18next } from '../i18n';
import './strings';
import './validationStrings';

/** One of core's refusals: its rule code and parameters, and core's English message (the server's text). */
export interface CoreRule {
  code: RuleCode;
  params?: RuleParams;
  message?: string;
}

/**
 * A refusal by core's rules (issue 24) in the screen's language, rendered from its code and parameters
 * through the 'validation' strings: `{ code: 'too_long', params: { max: 200 } }` → "200 caractères au maximum".
 * A code with no words of its own ('invalid') shows core's message as it came, never lost.
 */
export function ruleText(rule: CoreRule): string {
  const language = activeLanguage();
  const t = i18next.getFixedT(language, 'validation');
  const params = readableNumbers(rule, language);
  const fallback = rule.message ?? t('codes.invalid');
  if (rule.code.startsWith('phone_')) {
    const why = t(`codes.${rule.code}`, { country: countryDisplayName(String(params.country ?? ''), language) });
    const or = i18next.getFixedT(language, 'ui')('or');
    return t('phone.typeLike', { why, example: phoneExample((String(params.iso ?? '') || undefined) as Parameters<typeof phoneExample>[0], or) });
  }
  if (rule.code === 'required') {
    const field = String(params.field ?? '');
    // English keeps core's own words ("Description is required"); a field without a name here reads generically.
    if (!i18next.exists(`fields.${field}`, { lng: language, ns: 'validation' })) return language === 'en' && rule.message ? rule.message : t('fieldRequired');
    return t('codes.required', { field: t(`fields.${field}`) });
  }
  if (rule.code === 'invalid' || !i18next.exists(`codes.${rule.code}`, { lng: language, ns: 'validation' })) return fallback;
  // A field may have its own words for a code (i18next context: codes.more_than_zero_amount).
  return t(`codes.${rule.code}`, { ...params, context: typeof params.field === 'string' ? params.field : undefined });
}

/** Codes whose min/max are counts or limits, read as numbers in the screen's language ("At most 1,000,000,000"; not years). */
const COUNT_CODES: ReadonlySet<string> = new Set(['too_small', 'too_large', 'too_short', 'too_long', 'max_items']);

function readableNumbers(rule: CoreRule, language: string): RuleParams {
  const params = rule.params ?? {};
  if (!COUNT_CODES.has(rule.code)) return params;
  const out: RuleParams = { ...params };
  for (const k of ['min', 'max'] as const) {
    const v = params[k];
    if (typeof v === 'number') out[k] = formatNumber(v, language as Language);
  }
  return out;
}

/** Validates values with a @duka/core schema (the server's rules): field → message in the screen's language. */
export function ruleFieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const res = schema.safeParse(values);
  if (res.success) return {};
  return Object.fromEntries(Object.entries(ruleErrors(res.error)).map(([path, issue]) => [path, ruleText(issue)]));
}
