import type { FiscalMode } from '@duka/core';
import { db, type DukaDb } from '../../data/db';

/** How the business's documents are signed, as the server last said (GET /state, or a fiscal view's answer). */
export const FISCAL_MODE_KEY = 'fiscal:mode';
/** What devices kept before the mode came with the account state: 'true' once a TEST MODE answer was seen. */
const LEGACY_TEST_MODE_KEY = 'fiscal:test-mode';

/** Keeps the fiscal mode the server gave (issue 26): a document made offline afterwards says TEST MODE or KRA rightly. */
export async function keepFiscalMode(mode: FiscalMode, d: DukaDb = db): Promise<void> {
  const row = await d.meta.get(FISCAL_MODE_KEY);
  if (row?.value !== mode) await d.meta.put({ key: FISCAL_MODE_KEY, value: mode });
}

/** The fiscal mode kept on this device, or null while it has not heard it from the server (the words stay neutral). */
export async function fiscalModeOnDevice(d: DukaDb = db): Promise<FiscalMode | null> {
  const row = await d.meta.get(FISCAL_MODE_KEY);
  if (row?.value === 'off' || row?.value === 'test' || row?.value === 'etims') return row.value;
  const legacy = (await d.meta.get(LEGACY_TEST_MODE_KEY))?.value;
  return legacy === 'true' ? 'test' : legacy === 'false' ? 'etims' : null;
}
