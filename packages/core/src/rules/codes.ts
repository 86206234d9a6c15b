import type { z } from 'zod';
import { MAX_MONEY, MAX_PERCENT_BPS } from './limits';

/**
 * Rule codes (issue 24): every refusal core's rules make has a code with parameters, e.g.
 * `{ code: 'too_short', params: { min: 8 } }`, beside the English message the server answers with. A screen
 * renders the code in its own language; the English text stays what the API says.
 *
 * Codes come from zod's own issue data (a `.min(8)` on a string is `too_short` with `min: 8`) or, for rules
 * zod cannot name (a text with a control character, a money ceiling, a phone number), from `params.rule` set
 * on the refinement with `ruleParams`.
 */
export const RULE_CODES = [
  'required',
  'too_short',
  'too_long',
  'too_small',
  'too_large',
  'not_negative',
  'more_than_zero',
  'whole_number',
  'max_items',
  'money_too_large',
  'percent_too_large',
  'email',
  'invalid_choice',
  'currency_code',
  'note_empty',
  'text_control',
  'text_line_break',
  'text_surrogate',
  'text_bidi',
  'date_format',
  'date_year',
  'date_not_real',
  'quantity_decimals',
  'line_too_large',
  'total_too_large',
  'due_before_issue',
  'total_below_paid',
  'username_characters',
  'phone_not_phone',
  'phone_country_code',
  'phone_not_valid',
  'phone_not_valid_in',
  'invalid',
] as const;
export type RuleCode = (typeof RULE_CODES)[number];
export type RuleParams = Record<string, string | number>;

/** A refusal as a code and its parameters (what a screen translates). */
export interface RuleResult {
  code: RuleCode;
  params: RuleParams;
}

/** A refusal of one field: its path ('lines.0.quantity'), code, parameters and core's English message. */
export interface RuleIssue extends RuleResult {
  path: string;
  message: string;
}

/** The `params` to put on a zod refinement or custom issue so it carries its rule code. */
export function ruleParams(code: RuleCode, params: RuleParams = {}): { params: RuleParams & { rule: RuleCode } } {
  return { params: { ...params, rule: code } };
}

function isRuleCode(v: unknown): v is RuleCode {
  return typeof v === 'string' && (RULE_CODES as readonly string[]).includes(v);
}

/** The field a path names (its last key that is not an index), for messages like "Name is required". */
function fieldOf(path: readonly PropertyKey[]): string {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return path[i] as string;
  return '';
}

/** The code and parameters of one zod issue raised by a core schema. */
export function ruleOf(issue: z.core.$ZodIssue): RuleResult {
  switch (issue.code) {
    case 'custom': {
      const { rule, ...params } = (issue.params ?? {}) as RuleParams & { rule?: unknown };
      return isRuleCode(rule) ? { code: rule, params } : { code: 'invalid', params: {} };
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? { code: 'required', params: { field: fieldOf(issue.path) } } : { code: 'too_short', params: { min } };
      if (issue.origin === 'number' || issue.origin === 'bigint') {
        if (min === 0) return issue.inclusive ? { code: 'not_negative', params: {} } : { code: 'more_than_zero', params: {} };
        if (min === 1 && issue.inclusive) return { code: 'more_than_zero', params: {} };
        return { code: 'too_small', params: { min } };
      }
      return { code: 'required', params: { field: fieldOf(issue.path) } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return { code: 'too_long', params: { max } };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'max_items', params: { max } };
      if (max === MAX_MONEY) return { code: 'money_too_large', params: { max } };
      if (max === MAX_PERCENT_BPS) return { code: 'percent_too_large', params: { max: 100 } };
      return { code: 'too_large', params: { max } };
    }
    case 'invalid_type':
      return issue.expected === 'int' ? { code: 'whole_number', params: {} } : { code: 'invalid', params: {} };
    case 'invalid_format':
      return issue.format === 'email' ? { code: 'email', params: {} } : { code: 'invalid', params: {} };
    case 'invalid_value':
      return { code: 'invalid_choice', params: { choices: issue.values.map(String).join(', ') } };
    default:
      return { code: 'invalid', params: {} };
  }
}

/** Every issue of a failed parse as path, code, parameters (with `field`: the field's key) and English message. */
export function ruleIssues(error: { issues: readonly z.core.$ZodIssue[] }): RuleIssue[] {
  return error.issues.map((issue) => {
    const { code, params } = ruleOf(issue);
    return { path: issue.path.map(String).join('.') || '_', message: issue.message, code, params: { field: fieldOf(issue.path), ...params } };
  });
}

/** The first refusal of each field (path → code), in the order zod found them. */
export function ruleErrors(error: { issues: readonly z.core.$ZodIssue[] }): Record<string, RuleIssue> {
  const out: Record<string, RuleIssue> = {};
  for (const issue of ruleIssues(error)) out[issue.path] ??= issue;
  return out;
}

/** Checks one value against a core schema: null when it passes, else its first refusal. */
export function checkRule(schema: z.ZodType, value: unknown): RuleIssue | null {
  const res = schema.safeParse(value);
  return res.success ? null : ruleIssues(res.error)[0];
}
