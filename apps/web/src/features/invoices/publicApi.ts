import { api } from '../../data/api';
import { API_BASE } from '../../data/api';

/**
 * Calls of the public invoice page (no token): kept apart from the owner's code so the public page's
 * chunk stays small (no Dexie, no PDF builder).
 */

export interface PublicLine {
  description: string;
  quantity: number | string;
  unit_price: number;
  amount?: number;
  total?: number;
}

export interface PublicInvoice {
  number: string;
  kind?: 'invoice' | 'quote';
  status: string;
  /** The status as of today (overdue when past due with a balance). */
  display_status?: string;
  issue_date?: string;
  due_date?: string | null;
  currency: string;
  lines?: PublicLine[];
  line_items?: PublicLine[];
  subtotal: number;
  discount_total?: number;
  tax_total: number;
  total_due: number;
  amount_paid: number;
  balance: number;
  notes?: string | null;
  terms?: string | null;
  payment_instructions?: string | null;
  public_id: string;
  business?: {
    name?: string;
    company_name?: string;
    email?: string | null;
    logo_url?: string | null;
    logoUrl?: string | null;
    address?: string | null;
    phone?: string | null;
    tax_id?: string | null;
    registration_number?: string | null;
  } | null;
  contact?: { name: string; email?: string | null } | null;
  client?: { name: string; email?: string | null } | null;
  fees?: { name: string; amount: number; inclusive?: boolean; percentage_bps?: number | null }[];
  /** The card provider for the pay form ('test' or 'stripe'); null when nothing is owed. */
  pay_provider?: string | null;
  /** True: naira, paid on the hosted (Paystack) checkout rather than the card form. */
  pay_checkout?: boolean;
  /** The client's language (issue 19): the public page opens in it. */
  language?: string;
}

/** The public view may come wrapped ({invoice, business, contact}) or flat; both are accepted. */
export async function fetchPublicInvoice(publicId: string): Promise<PublicInvoice> {
  const data = await api<Record<string, unknown>>(`/invoices/public/${encodeURIComponent(publicId)}`, { auth: false });
  if (data.invoice && typeof data.invoice === 'object') {
    const { invoice, ...rest } = data as { invoice: Record<string, unknown> } & Record<string, unknown>;
    return { ...rest, ...invoice } as unknown as PublicInvoice;
  }
  return data as unknown as PublicInvoice;
}

/** The invoice PDF; `language`: the one the customer switched the page to (else the client's). */
export function publicPdfUrl(publicId: string, language?: string): string {
  return `${API_BASE}/invoices/public/${encodeURIComponent(publicId)}/pdf${language ? `?lang=${encodeURIComponent(language)}` : ''}`;
}

export interface PaymentsConfig {
  provider: string;
  publishable_key?: string | null;
  test_mode?: boolean;
}

export function fetchPaymentsConfig(): Promise<PaymentsConfig> {
  return api<PaymentsConfig>('/payments/config', { auth: false });
}

export interface ClientSecret {
  client_secret: string;
  provider: string;
  amount: number;
  currency: string;
  publishable_key?: string | null;
}

/** SPEC §7: GET /{card provider}/client-secrete/{id}, no token. */
export function fetchClientSecret(provider: string, publicId: string): Promise<ClientSecret> {
  return api<ClientSecret>(`/${encodeURIComponent(provider)}/client-secrete/${encodeURIComponent(publicId)}`, { auth: false });
}

export interface TestCard {
  card_number: string;
  exp: string;
  cvc: string;
  name: string;
}

/** The built-in TEST MODE provider's confirmation; a decline answers 402 with the provider's message. */
export function confirmTestPayment(clientSecret: string, card: TestCard): Promise<{ status: string; message?: string }> {
  return api<{ status: string; message?: string }>('/test-pay/confirm', { auth: false, body: { client_secret: clientSecret, ...card } });
}

/** Line items under either name; amount falls back to quantity × price. */
export function publicLines(inv: PublicInvoice): PublicLine[] {
  return inv.lines ?? inv.line_items ?? [];
}
