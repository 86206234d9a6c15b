import type { Locator } from 'playwright-core';

/**
 * The bytes of the PDF the invoice view's preview shows now (latin1 text). The view rebuilds its PDF when the invoice
 * changes (sync assigning the number, the public link), and revokes the old blob URL: a read that meets a revoked URL
 * reads the preview's new one instead of failing.
 */
export async function previewPdfText(preview: Locator, timeout = 30_000): Promise<string> {
  const until = Date.now() + timeout;
  for (;;) {
    const text = await preview.evaluate(async (el) => {
      try {
        const res = await fetch((el as HTMLObjectElement).data);
        return new TextDecoder('latin1').decode(await res.arrayBuffer());
      } catch {
        return null;
      }
    });
    if (text !== null) return text;
    if (Date.now() > until) throw new Error('the PDF preview never held a readable PDF');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
