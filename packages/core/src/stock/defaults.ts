/** Values of a movement's fields a create may leave out (apart from the schemas, with no Zod: the device database reads them, issue 30). */
export const STOCK_MOVEMENT_DEFAULTS = { reason: '', invoice_id: null };
