/**
 * A credit note's reason, as the owner types it and as the tax authority codes it: the limits and codes the
 * invoice's schemas check (./schemas) and the credit note's rules use (./credit-notes).
 */
import { z } from 'zod';
import { QUANTITY_DECIMALS } from '../rules/limits';

export const CREDIT_REASON_MAX = 500;

/** A line's quantity to credit as the form takes it: 0 leaves the line out, up to what remains, in thousandths. */
export const CREDIT_QUANTITY_INPUT = { min: 0, decimals: QUANTITY_DECIMALS } as const;

/**
 * Why a credit note is issued, as the tax authority codes it (KRA eTIMS OSCU code list "Credit Note Reason",
 * sent as rfdRsnCd): the owner picks one; a credit note without one goes as 06 (refund).
 */
export const CREDIT_REASON_CODES = ['01', '02', '03', '04', '05', '06'] as const;
export type CreditReasonCode = (typeof CREDIT_REASON_CODES)[number];
export const DEFAULT_CREDIT_REASON_CODE: CreditReasonCode = '06';
/** KRA's names of the reason codes (the web names them in the owner's language). */
export const CREDIT_REASON_CODE_NAMES: Record<CreditReasonCode, string> = {
  '01': 'Missing quantity',
  '02': 'Missing data',
  '03': 'Damaged',
  '04': 'Wasted',
  '05': 'Raw material shortage',
  '06': 'Refund',
};
export const creditReasonCodeSchema = z.enum(CREDIT_REASON_CODES, {
  error: `Choose one of the credit note reasons: ${CREDIT_REASON_CODES.map((c) => `${c} ${CREDIT_REASON_CODE_NAMES[c]}`).join(', ')}`,
});
export const isCreditReasonCode = (v: unknown): v is CreditReasonCode => typeof v === 'string' && (CREDIT_REASON_CODES as readonly string[]).includes(v);
