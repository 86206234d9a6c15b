import { ApiError, type TypedCall } from '../api';
import type { DukaDb } from '../db';

/** Uploads receipt photos of expenses the server already has; keeps them on the device until then. */
export async function uploadReceipts(d: DukaDb, call: TypedCall): Promise<void> {
  const blobs = await d.blobs.toArray();
  for (const b of blobs) {
    // A photo still to be read stays here until read (features/expenses/ocr/waiting.ts), then goes up.
    if (b.error || b.read_pending) continue;
    const waiting = await d.queue.where('[collection+id]').equals(['expenses', b.id]).count();
    const expense = await d.expenses.get(b.id);
    if (waiting || !expense?.version) continue;
    const form = new FormData();
    // Some IndexedDB implementations hand back a Blob from another realm: copy it into this one.
    const file = b.blob instanceof Blob ? b.blob : new Blob([await (b.blob as Blob).arrayBuffer()], { type: b.type });
    form.append('receipt', file, b.name);
    try {
      const updated = await call('POST /expenses/:id/receipt', { params: { id: b.id }, form });
      await d.transaction('rw', [d.blobs, d.expenses, d.queue], async () => {
        await d.blobs.delete(b.id);
        const stillWaiting = await d.queue.where('[collection+id]').equals(['expenses', b.id]).count();
        if (!stillWaiting && updated?.id === b.id) await d.expenses.put(updated as never);
      });
    } catch (e) {
      if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 408 && e.status !== 429) {
        await d.blobs.update(b.id, { error: e.message });
        continue;
      }
      throw e;
    }
  }
}
