import { z } from 'zod';
import { type RuleCode, ruleParams } from '../rules/codes';

/**
 * Rules every piece of text and every date a user can store must pass, shared by the device (it refuses
 * them before queueing) and the server (REST 4xx, sync 'rejected'), so one bad record can never stop a
 * device syncing: PostgreSQL refuses a NUL byte and a lone surrogate, and a date like 2026-02-30 or
 * 0000-01-01 would roll over or fail in the database.
 */

/** C0 and C1 control characters and DEL; tab, line feed and carriage return are checked apart. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069; t20 A6): invisible, they reorder the
 * text after them, so a client's or item's name on an invoice, e-mail or PDF can read as something else (U+202E turns
 * "fdp.exe" round). Refused like NUL. The marks U+200E/U+200F (LRM, RLM) are kept: they only set the direction of the
 * neutral characters beside them (a full stop, a number after Arabic or Hebrew), cannot reverse a word, and people
 * writing mixed right-to-left and left-to-right text need them.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_MESSAGES = {
  control: 'Remove the invisible control characters from this text',
  lineBreak: 'Use one line here (no line breaks or tabs)',
  surrogate: 'This text has a broken character (half of an emoji?): retype it',
  bidi: 'Remove the hidden text-direction characters from this text (they can make it read backwards)',
} as const;

/** The rule code of each text problem (issue 24): what a screen translates. */
export const TEXT_RULES: Record<string, RuleCode> = {
  [TEXT_MESSAGES.control]: 'text_control',
  [TEXT_MESSAGES.lineBreak]: 'text_line_break',
  [TEXT_MESSAGES.surrogate]: 'text_surrogate',
  [TEXT_MESSAGES.bidi]: 'text_bidi',
};

/** Why a text cannot be stored, or null when it can. `multiline` allows tabs and line breaks. */
export function textProblem(value: string, multiline = false): string | null {
  if (LONE_SURROGATE.test(value)) return TEXT_MESSAGES.surrogate;
  if (CONTROL.test(value)) return TEXT_MESSAGES.control;
  if (BIDI_CONTROL.test(value)) return TEXT_MESSAGES.bidi;
  if (!multiline && LINE_BREAK_OR_TAB.test(value)) return TEXT_MESSAGES.lineBreak;
  return null;
}

/** For `.superRefine`: refuses control characters, direction overrides and lone surrogates (one line unless `multiline`). */
export function textCheck(multiline = false) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = textProblem(value, multiline);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, ...ruleParams(TEXT_RULES[problem]) });
  };
}

/** A string that refuses control characters and lone surrogates (one line unless `multiline`), checked after trimming. */
export function safeString(opts: { max: number; multiline?: boolean; trim?: boolean; message?: string }) {
  const base = opts.trim === false ? z.string() : z.string().trim();
  return base.max(opts.max, opts.message ?? `At most ${opts.max} characters`).superRefine(textCheck(opts.multiline));
}

/** Years a stored date may have: PostgreSQL has no year 0, and no business record predates 1900. */
export const DATE_LIMITS = { minYear: 1900, maxYear: 9999 } as const;

/** Why an ISO calendar date (yyyy-mm-dd) cannot be stored, as a rule code and English message, or null. */
export function dateRule(value: string): { code: RuleCode; message: string } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return { code: 'date_format', message: 'Use a date like 2026-11-22' };
  const year = Number(value.slice(0, 4));
  if (year < DATE_LIMITS.minYear || year > DATE_LIMITS.maxYear)
    return { code: 'date_year', message: `Use a year between ${DATE_LIMITS.minYear} and ${DATE_LIMITS.maxYear}` };
  const d = new Date(`${value}T00:00:00Z`);
  // 2026-02-30 would become 2026-03-02: refuse what does not come back the same.
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) return { code: 'date_not_real', message: 'Not a real date' };
  return null;
}

/** Why an ISO calendar date (yyyy-mm-dd) cannot be stored, or null when it exists and round-trips. */
export function dateProblem(value: string): string | null {
  return dateRule(value)?.message ?? null;
}

/** ISO calendar date yyyy-mm-dd that exists (2026-02-30 and year 0000 are refused). */
export const isoDateString = z.string().superRefine((value, ctx) => {
  const problem = dateRule(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, ...ruleParams(problem.code, { min: DATE_LIMITS.minYear, max: DATE_LIMITS.maxYear }) });
});

/** Why an ISO timestamp (sent_at, voided_at) cannot be stored, or null. */
export function timestampProblem(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) return 'Use an ISO time like 2026-11-22T10:00:00Z';
  const problem = dateProblem(value.slice(0, 10));
  if (problem) return problem;
  return Number.isNaN(Date.parse(value)) ? 'Not a real time' : null;
}

export const isoTimestampString = z.string().superRefine((value, ctx) => {
  const problem = timestampProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The first text anywhere in a JSON value that cannot be stored: its path and the reason (sync guard). */
export function findBadText(value: unknown, path: string[] = [], depth = 0): { path: string; message: string } | null {
  if (depth > 20) return { path: path.join('.') || '_', message: 'Too deeply nested' };
  if (typeof value === 'string') {
    // Line breaks and tabs are judged by each field's own schema; here only what no field may hold.
    const problem = textProblem(value, true);
    return problem ? { path: path.join('.') || '_', message: problem } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = findBadText(value[i], [...path, String(i)], depth + 1);
      if (bad) return bad;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const keyProblem = textProblem(k, false);
      if (keyProblem) return { path: [...path, k].join('.'), message: keyProblem };
      const bad = findBadText(v, [...path, k], depth + 1);
      if (bad) return bad;
    }
  }
  return null;
}
