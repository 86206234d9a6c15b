import { z } from 'zod';
import { recordMeta } from '../records/schemas';
import { stockMovementShape } from './movements';

/** REST answers of the stock routes (issue 28). */
export const stockMovementRecord = recordMeta.extend(stockMovementShape);
export type StockMovementRecord = z.infer<typeof stockMovementRecord>;

export const stockRowSchema = z.object({
  catalog_id: z.string(),
  name: z.string(),
  sku: z.string(),
  level: z.number(),
  low_stock_level: z.number().nullable(),
  cost_price: z.number().int(),
  value: z.number().int(),
  state: z.enum(['negative', 'low', 'ok']),
});

/** GET /stock/levels, /stock/low, /stock/value: rows of the items that track stock; value in minor units of `currency`. */
export const stockLevelsResponse = z.object({ items: z.array(stockRowSchema), total_value: z.number().int(), currency: z.string() });

export const stockMovementsQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });
/** GET /stock/items/:id/movements: the item's level and its movements, newest first. */
export const stockMovementsResponse = z.object({ catalog_id: z.string(), name: z.string(), level: z.number(), movements: z.array(stockMovementRecord) });

/** POST /stock/opening: CSV text of opening stock (name or sku, quantity, optional cost_price). */
export const openingStockBody = z.object({ csv: z.string().min(1, 'Choose a CSV file with a header row').max(2_000_000, 'At most 2 MB of CSV') });
export const openingStockResponse = z.object({
  created: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
