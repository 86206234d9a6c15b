import { api } from '../../data/api';

/**
 * GET /transactions/{reference}: what thank-you?checkout=… waits on. Apart from api.ts: the pay page renders that
 * thank-you, and api.ts brings the app's query cache and plan store (the app's `home` chunk, which starts the app).
 */
export const checkoutStatus = (reference: string) => api('GET /transactions/:reference', { params: { reference } });
