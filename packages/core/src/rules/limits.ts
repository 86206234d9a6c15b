/** The most any amount may be (a price, a line, a fee, a total, a payment, an expense): 10^13 minor units. */
export const MAX_MONEY = 10_000_000_000_000;

/** The largest percentage a fee, a tax or a discount may have: 100% (10,000 basis points). */
export const MAX_PERCENT_BPS = 10_000;
