import { z } from 'zod';
import { timeZoneSchema } from '../rules';
import { PHONE_MAX } from '../payments/mobile-phone';
import { ruleParams } from '../rules/codes';
import { payChannelsSchema, RAIL_IDS } from '../payments';
import { CURRENCIES, CURRENCY_CODES, DEFAULT_CURRENCY } from '../constants/currencies';
import { findCountry } from '../constants/countries';
import { LANGUAGE_INVALID_MESSAGE, LANGUAGES } from '../constants/languages';
import { fiscalModeSchema } from '../fiscal/api';
import { textCheck } from '../records/text';

/** Account rules (SPEC §7 account calls): shared by the server's validation and the web forms. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const USERNAME_PATTERN = /^[a-z0-9_.]+$/;
export const PASSWORD_MIN = 8;
/** argon2 hashes any length, but a cap keeps a login request from costing unbounded CPU. */
export const PASSWORD_MAX = 200;
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGIN_FAILED_MESSAGE = 'Username/Email or Password is incorrect.';

/** Usernames are case-insensitive: stored and compared in lower case. */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN, `Username must have at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must have at most ${USERNAME_MAX} characters`)
  .transform((v) => v.toLowerCase())
  .pipe(
    z.string().refine((v) => USERNAME_PATTERN.test(v), { message: 'Username may only contain letters, digits, _ and .', ...ruleParams('username_characters') }),
  );

export const emailSchema = z.string().trim().max(254, 'E-mail address is too long').pipe(z.email('Enter a valid e-mail address'));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must have at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must have at most ${PASSWORD_MAX} characters`);

/** 'en', 'fr' or 'sw' (issue 19); anything else is refused with a message listing them. */
export const languageSchema = z.enum(LANGUAGES, { error: LANGUAGE_INVALID_MESSAGE });

// Shown to customers on invoices, e-mails and PDFs: no control, direction-override or broken characters (t20 A6).
const nameSchema = z.string().trim().min(1, 'Name is required').max(100, 'Name must have at most 100 characters').superRefine(textCheck());
const companySchema = z.string().trim().max(100, 'Company name must have at most 100 characters').superRefine(textCheck());
/**
 * A country by its name (Kenya) or ISO 3166 alpha-2 code (KE, any case), kept as its name (issue 23): an API user who
 * sends "KE" gets the same product as the web user who picks Kenya (KES, the fiscal rules). Another spelling the list
 * knows (Cameroon for Cameron) is kept as sent.
 */
const countrySchema = z
  .string()
  .trim()
  .min(1, 'Choose a country')
  .max(100)
  .refine((v) => findCountry(v) !== undefined, 'Choose a country from the list, by its name (Kenya) or its two-letter ISO code (KE)')
  .transform((v) => accountCountryName(v));

/**
 * The country an account keeps for a value sent or stored (issue 23): the list's name for its ISO code or for its
 * name in another case ("KE", "ke", "KENYA" → "Kenya"); any other value as it is (another spelling the list knows,
 * e.g. Cameroon, or an unknown one). Accounts stored with a code before are rewritten with it at start-up.
 */
export function accountCountryName(value: string): string {
  const v = value.trim();
  const found = findCountry(v);
  if (!found) return value;
  return [found.name, found.code].some((known) => known.toLowerCase() === v.toLowerCase()) ? found.name : v;
}

/** The country as kept inside invoice_settings (SPEC §3): currency is the symbol. */
export const settingsCountrySchema = z.object({
  name: z.string().max(100),
  flag: z.string().max(20),
  iso_code: z.string().max(10),
  currency: z.string().max(10),
});

/**
 * The business as printed on its invoices, quotes and public page (issue 14): address, phone (E.164, read
 * with the business's country), tax ID (TIN, KRA PIN, VAT number) and company registration number (RC, BN).
 */
export const businessDetailsSchema = z.object({
  address: z.string().trim().max(500, 'Address must have at most 500 characters'),
  phone: z.string().trim().max(PHONE_MAX, `Phone must have at most ${PHONE_MAX} characters`),
  tax_id: z.string().trim().max(60, 'Tax ID must have at most 60 characters'),
  registration_number: z.string().trim().max(60, 'Registration number must have at most 60 characters'),
  /**
   * The business's contact e-mail printed on invoices and the public page (issue 22 item 5), never the
   * login e-mail; '' or absent: none is printed.
   */
  email: z.union([z.literal(''), emailSchema]).optional(),
});
export type BusinessDetails = z.infer<typeof businessDetailsSchema>;
export const EMPTY_BUSINESS_DETAILS: BusinessDetails = { address: '', phone: '', tax_id: '', registration_number: '' };

/**
 * The limits of invoice_settings, for the settings form and the server alike. The M-Pesa till, paybill and account
 * are typed on their own and joined into payment_instructions (which holds at most paymentInstructions in all).
 */
export const INVOICE_SETTINGS_LIMITS = {
  prefix: 20,
  minDueDays: 0,
  maxDueDays: 365,
  paymentInstructions: 2000,
  mpesaTill: 20,
  mpesaPaybill: 20,
  mpesaAccount: 40,
} as const;
const L = INVOICE_SETTINGS_LIMITS;

export const invoiceSettingsSchema = z.object({
  currency: z.enum(CURRENCY_CODES),
  country: settingsCountrySchema,
  invoice_prefix: z.string().max(L.prefix, `Invoice prefix must have at most ${L.prefix} characters`),
  quote_prefix: z.string().max(L.prefix, `Quote prefix must have at most ${L.prefix} characters`),
  due_days: z.number().int('Due days must be a whole number').min(L.minDueDays).max(L.maxDueDays, `Due days must be at most ${L.maxDueDays}`),
  payment_instructions: z.string().max(L.paymentInstructions, `Payment instructions must have at most ${L.paymentInstructions} characters`),
  business: businessDetailsSchema,
  /** Online payments (Paystack checkout): the ways a customer may pay; all of them when absent. */
  pay_channels: payChannelsSchema.optional(),
  /** The rails the public page offers (issue 25): all of the country's when absent. */
  pay_rails: z
    .array(z.enum(RAIL_IDS, { message: 'Unknown way to pay' }))
    .max(RAIL_IDS.length)
    .optional(),
  /** The customer pays the processing fee, shown as its own line before paying. */
  customer_pays_fee: z.boolean().optional(),
  /** Customers may pay part of an invoice online (issue 23 item 10); an invoice may say otherwise. */
  part_payments: z.boolean().optional(),
  /** The least a part payment may be, in minor units (0 or absent: any amount). */
  part_payment_min: z.number().int('Enter a whole amount').min(0, 'The minimum cannot be negative').max(Number.MAX_SAFE_INTEGER).optional(),
  /** The business's time zone (IANA, e.g. Africa/Lagos) for "today": its country's when absent or ''. */
  time_zone: z.union([z.literal(''), timeZoneSchema]).optional(),
});
export type InvoiceSettingsData = z.infer<typeof invoiceSettingsSchema>;

/** Currency code for a country: its own currency when it is one of the eleven selectable ones, else NGN. */
export function currencyForCountry(country: string): (typeof CURRENCIES)[number]['code'] {
  const found = findCountry(country);
  const ours = found ? CURRENCIES.find((c) => c.iso === found.currency_code) : undefined;
  return ours?.code ?? DEFAULT_CURRENCY;
}

/** The invoice_settings a new user starts with. */
export function defaultInvoiceSettings(country: string): InvoiceSettingsData {
  const found = findCountry(country);
  return {
    currency: currencyForCountry(country),
    country: {
      name: country.trim() || found?.name || '',
      flag: found?.flag ?? '',
      iso_code: found?.iso_code ?? '',
      currency: found?.currency ?? '',
    },
    invoice_prefix: 'INV-',
    quote_prefix: 'QUO-',
    due_days: 14,
    payment_instructions: '',
    business: { ...EMPTY_BUSINESS_DETAILS },
  };
}

/** Reads a stored invoice_settings string; anything unreadable falls back to the defaults. */
export function parseInvoiceSettingsString(raw: string | null | undefined, country = 'Nigeria'): InvoiceSettingsData {
  const base = defaultInvoiceSettings(country);
  if (!raw) return base;
  try {
    const parsed = invoiceSettingsSchema.partial().safeParse(JSON.parse(raw));
    return parsed.success ? { ...base, ...parsed.data } : base;
  } catch {
    return base;
  }
}

/** The business details kept in a stored invoice_settings string (empty fields when there are none). */
export function businessDetailsOf(raw: string | null | undefined): BusinessDetails {
  try {
    const parsed = businessDetailsSchema.partial().safeParse((JSON.parse(raw ?? '{}') as { business?: unknown })?.business ?? {});
    return { ...EMPTY_BUSINESS_DETAILS, ...(parsed.success ? parsed.data : {}) };
  } catch {
    return { ...EMPTY_BUSINESS_DETAILS };
  }
}

/** invoice_settings in a PATCH: an object or a JSON string holding one; fields given are merged. */
export const invoiceSettingsPatchSchema = z.union([invoiceSettingsSchema.partial(), z.string().max(10_000, 'invoice_settings is too long')]);

// ---- payloads (SPEC §7) ----

export const registerPayload = z.object({
  user: z.object({
    name: nameSchema,
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    company_name: companySchema.optional().default(''),
    country: countrySchema,
    /** The screen language (issue 19); when absent, the country's (Cameroon → fr, Kenya → sw…), else English. */
    language: languageSchema.optional(),
  }),
});
export type RegisterPayload = z.input<typeof registerPayload>;

export const registerQuery = z.object({ ref: z.string().trim().max(64).optional() });

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
/** A username or e-mail typed to log in or ask for a reset: no control characters, no broken Unicode. */
const loginName = (required: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(254)
    .refine(
      (v) => !CONTROL_CHARACTER.test(v) && !/[\uD800-\uDFFF]/.test(v.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '')),
      'Use your username or e-mail address',
    );

export const loginPayload = z.object({
  auth: z.object({
    /** The username or the e-mail address. */
    email: loginName('Enter your username or e-mail'),
    password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX),
  }),
});
export type LoginPayload = z.input<typeof loginPayload>;

export const updateUserPayload = z.object({
  user: z.object({
    name: nameSchema.optional(),
    company_name: companySchema.optional(),
    email: emailSchema.optional(),
    /** Required when email changes the address: a stolen token alone must not take the account. */
    current_password: z.string().max(200).optional(),
    country: countrySchema.optional(),
    invoice_settings: invoiceSettingsPatchSchema.optional(),
    /** The screen language, and the language of clients who have none of their own (issue 19). */
    language: languageSchema.optional(),
  }),
});
export type UpdateUserPayload = z.input<typeof updateUserPayload>;

export const changePasswordPayload = z.object({
  user: z.object({ old_password: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX), password: passwordSchema }),
});
export type ChangePasswordPayload = z.input<typeof changePasswordPayload>;

export const forgotPasswordPayload = z.object({
  user: z.object({ email: loginName('Enter your e-mail address') }),
});
export type ForgotPasswordPayload = z.input<typeof forgotPasswordPayload>;

export const resetPasswordPayload = z.object({
  user: z.object({ token: z.string().trim().min(1, 'The reset link is incomplete').max(200), password: passwordSchema }),
});
export type ResetPasswordPayload = z.input<typeof resetPasswordPayload>;

/** Issue 22 item 5: a throttled owner asks for a one-time login link (username or e-mail)… */
export const loginLinkPayload = z.object({
  user: z.object({ email: loginName('Enter your username or e-mail') }),
});
export type LoginLinkPayload = z.input<typeof loginLinkPayload>;

/** …and the link's page trades its token for a session (single use, 15 minutes). */
export const redeemLoginLinkPayload = z.object({
  token: z.string().trim().min(1, 'The login link is incomplete').max(2000),
});
export type RedeemLoginLinkPayload = z.input<typeof redeemLoginLinkPayload>;

// ---- responses ----

/** The user object of SPEC §3 / §7 exactly; never the password hash. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  company_name: z.string(),
  country: z.string(),
  logo: z.string().nullable(),
  logoLocation: z.string().nullable(),
  logoUrl: z.string().nullable(),
  /** JSON string: see invoiceSettingsSchema. */
  invoice_settings: z.string(),
  credit: z.number(),
  created_at: z.string(),
  /** 'en', 'fr' or 'sw' (issue 19). */
  language: languageSchema,
});
export type ApiUser = z.infer<typeof userSchema>;

export const registerResponse = z.object({ token: z.string() });
export const loginResponse = z.object({ user: userSchema, jwt: z.string() });
export const messageResponse = z.object({ message: z.string() });
export const changePasswordResponse = z.object({ message: z.string(), jwt: z.string() });

export const STATE_COLLECTIONS = ['contacts', 'invoices', 'notes', 'expenses', 'catalogs', 'fees'] as const;
export type StateCollection = (typeof STATE_COLLECTIONS)[number];

export const stateResponse = z.object({
  user: userSchema,
  credit: z.number(),
  plan: z.string(),
  counts: z.object({
    contacts: z.number(),
    invoices: z.number(),
    notes: z.number(),
    expenses: z.number(),
    catalogs: z.number(),
    fees: z.number(),
  }),
  /** What this server can do beyond the app itself: `receipt_model`, a model reads receipt photos (AI_BASE_URL and AI_VISION_MODEL are set; issues 29, 22). */
  features: z.object({ receipt_model: z.boolean() }).optional(),
  /** How this business's documents are signed (issue 26): 'off', 'test' (TEST MODE) or 'etims'. A device keeps it. */
  fiscal: fiscalModeSchema.optional(),
});
export type AppState = z.infer<typeof stateResponse>;
export * from './initials';
export * from './id-names';
