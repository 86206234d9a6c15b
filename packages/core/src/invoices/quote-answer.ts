/**
 * The longest reason a customer may give when declining a quote on its link (issue 23): the route and the page's field.
 * Apart from the schemas (Zod), so the quote's answer on the pay page does not load them for one number.
 */
export const QUOTE_DECLINE_REASON_MAX = 1000;
