/**
 * For tests (here, in the server and anywhere a PDF is checked): what a Duka PDF says, read back from its bytes.
 * Not part of the package's main entry (`@duka/pdf/testing`).
 */
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream } from 'pdf-lib';

/** Every string drawn in the PDF, in drawing order (pdf-lib writes each as <hex> Tj in Flate streams). */
export async function pdfStrings(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const out: string[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    let body: string;
    try {
      body = inflateSync(Buffer.from(obj.contents)).toString('latin1');
    } catch {
      continue; // not a content stream
    }
    for (const m of body.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) out.push(Buffer.from(m[1], 'hex').toString('latin1'));
  }
  return out;
}

/** The same strings joined by newlines, for `toContain` checks. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfStrings(bytes)).join('\n');
}
