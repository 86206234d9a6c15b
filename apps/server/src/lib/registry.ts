import type { Db } from '../db/connect';
import type { OfferedRail } from '@duka/core';

/**
 * Small extension points so modules stay independent: a module registers what it adds here when it is
 * registered (in its routes.ts Module function), and others call through the registry.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface NewUserInfo {
  id: string;
  country: string;
  currency: string;
  /** The owner's language ('en', 'fr', 'sw'): what seeded records are called. */
  language?: string;
}

export interface PlanPaymentInfo {
  userId: string;
  eventId: string;
  amount: number;
  currency: string;
  kind: 'paid' | 'refunded';
  /** Paid through a test provider (no real money): earns no affiliate commission. */
  test?: boolean;
}

export interface Registry {
  /** Counts per collection for GET /api/state, e.g. counters.contacts = (db, userId) => n. */
  counters: Record<string, (db: Db, userId: string) => Promise<number>>;
  /** Run inside the registration transaction (e.g. seed default fees for the user's country). */
  onUserCreated: Array<(tx: Tx, user: NewUserInfo) => Promise<void>>;
  /** After the owner chose another language for the account (e.g. name the untouched default VAT in it). */
  onLanguageChanged: Array<(userId: string) => Promise<void>>;
  /** Before deleting a contact: throw an AppError to refuse (e.g. the contact has invoices). */
  beforeContactDelete: Array<(db: Db | Tx, userId: string, contactId: string) => Promise<void>>;
  /** Before deleting a user: remove what is not a row with ON DELETE CASCADE (files…). */
  beforeUserDelete: Array<(userId: string) => Promise<void>>;
  /** Inside the webhook transaction that records a plan or credit-pack payment (affiliate commission…). */
  onPlanPayment: Array<(tx: Tx, payment: PlanPaymentInfo) => Promise<void>>;
  /** After an online payment (card, M-Pesa…) is recorded on an invoice, e.g. e-mail the receipt. Errors are logged, never thrown back. */
  onPaymentRecorded: Array<(info: { userId: string; invoiceId: string; paymentId: string }) => Promise<void>>;
  /**
   * After a sync batch (REST or device push) is committed, with the collections it touched: work that talks to
   * another service (e.g. cancel a voided invoice's open card payment at the provider). Never awaited by the writer.
   */
  afterMutations: Array<(userId: string, collections: string[]) => void>;
  /**
   * Who takes an invoice's online payment in a currency (set by the payments module, read by the public invoice view):
   * the provider's route segment, and whether the customer pays on a hosted page. null: no online payment.
   */
  invoicePayRail: (currency: string) => { segment: string; hosted: boolean; testMode?: boolean } | null;
  /** The mobile-money and hosted rails an owner offers for a currency (issue 25), and whether the card is among them. */
  offeredRails: (userId: string, currency: string) => Promise<{ rails: OfferedRail[]; card: boolean }>;
}

export function createRegistry(): Registry {
  return {
    counters: {},
    onUserCreated: [],
    onLanguageChanged: [],
    beforeContactDelete: [],
    beforeUserDelete: [],
    onPlanPayment: [],
    onPaymentRecorded: [],
    afterMutations: [],
    invoicePayRail: () => null,
    offeredRails: async () => ({ rails: [], card: true }),
  };
}
