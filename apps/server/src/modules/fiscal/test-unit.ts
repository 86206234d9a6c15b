import { createHmac } from 'node:crypto';
import {
  canonical,
  type FiscalDocument,
  type FiscalResult,
  type FiscalUnit,
  fiscalQrText,
  parseEtimsItemCode,
  receiptLabel,
  receiptType,
  TEST_CODE_LISTS,
} from '@duka/core';

/**
 * Duka's TEST MODE control unit (issue 26): the journey works on a fresh machine without KRA settings. It
 * signs for real (HMAC-SHA256 with a per-business key derived from the server's secret), so a signature can be
 * checked and changes with every byte of the document, but it is no tax invoice: receipts are of the training
 * type (TS/TC) and the documents print "TEST — NOT A TAX INVOICE".
 */
const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32(buf: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}

/** The document's bytes as signed: keys in a fixed order. */
export function canonicalDocument(doc: FiscalDocument): string {
  return JSON.stringify(canonical(doc));
}

export function testUnitId(serverSecret: string, userId: string): string {
  return `DUKATEST${base32(createHmac('sha256', serverSecret).update(`unit|${userId}`).digest()).slice(0, 8)}`;
}

export function testSignatures(serverSecret: string, userId: string, doc: FiscalDocument, at: string): { internal_data: string; signature: string } {
  const key = createHmac('sha256', serverSecret).update(`fiscal-test-key|${userId}`).digest();
  const body = `${canonicalDocument(doc)}|${at}`;
  const internal = createHmac('sha256', key).update(`intrl|${body}`).digest().subarray(0, 16);
  const sign = createHmac('sha256', key).update(`sign|${body}`).digest().subarray(0, 10);
  return { internal_data: base32(internal), signature: base32(sign) };
}

export function testFiscalUnit(serverSecret: string, userId: string, now: () => Date = () => new Date()): FiscalUnit {
  const cu = testUnitId(serverSecret, userId);
  return {
    name: 'test',
    test: true,
    async initialise() {
      return { control_unit_id: cu };
    },
    async codeLists() {
      return TEST_CODE_LISTS;
    },
    // TEST MODE: the item is registered on Duka only (nothing is sent to KRA); its code is checked as KRA would.
    async registerItem(item) {
      if (!parseEtimsItemCode(item.item_code, item.quantity_unit))
        return { ok: false, failure: { retry: false, code: 'item_code', message: `The item code ${item.item_code} is not an eTIMS item code` } };
      return { ok: true };
    },
    async fiscalise(doc) {
      const at = new Date(Math.floor(now().getTime() / 1000) * 1000);
      const { internal_data, signature } = testSignatures(serverSecret, userId, doc, at.toISOString());
      const label = receiptLabel(doc.fiscal_sequence, doc.fiscal_sequence, receiptType(doc.kind, true));
      const result: FiscalResult = {
        control_unit_id: cu,
        receipt_number: doc.fiscal_sequence,
        total_receipts: doc.fiscal_sequence,
        receipt_label: label,
        fiscal_number: String(doc.fiscal_sequence),
        internal_data,
        signature,
        fiscal_datetime: at.toISOString(),
        qr_text: fiscalQrText(at, cu, label, internal_data, signature, 180),
        test: true,
      };
      return { ok: true, result };
    },
  };
}
