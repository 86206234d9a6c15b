/** The most any amount may be (a price, a line, a fee, a total, a payment, an expense): 10^13 minor units. */
export const MAX_MONEY = 10_000_000_000_000;

/** The largest percentage a fee, a tax or a discount may have: 100% (10,000 basis points). */
export const MAX_PERCENT_BPS = 10_000;

/** A name (a client's, an item's) and a payment's reference: at most 200 characters. */
export const NAME_MAX = 200;
export const REFERENCE_MAX = 200;

/** A quantity has at most 3 decimals (thousandths: 1.125 kg). */
export const QUANTITY_DECIMALS = 3;

/** A percentage as typed on a form: 0 to 100 with at most 2 decimals (whole basis points). */
export const PERCENT_INPUT = { min: 0, max: MAX_PERCENT_BPS / 100, decimals: 2 } as const;
