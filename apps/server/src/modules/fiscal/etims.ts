import {
  type FiscalCode,
  type FiscalCodeLists,
  type FiscalDocument,
  type FiscalFailure,
  type FiscalResult,
  type FiscalUnit,
  fiscalQrText,
  DEFAULT_PACKAGING_UNIT,
  etimsPaymentTypeCode,
  type FiscalItem,
  itemClassOrDefault,
  receiptLabel,
  receiptType,
} from '@duka/core';
import type { TargetOptions } from '../../lib/net/public-target';
import { postJson } from './etims-http';

/**
 * KRA eTIMS OSCU (Online Sales Control Unit) adapter, from the public OSCU specification:
 *  - POST {base}/selectInitOsdcInfo { tin, bhfId, dvcSrlNo } → data.info { sdcId, mrcNo, cmcKey }: the
 *    communication key, kept encrypted by the caller (keyStore) and sent as the cmcKey header afterwards;
 *  - POST {base}/selectCodeList { lastReqDt } → data.clsList[{ cdCls, dtlList[{ cd, cdNm, userDfnCd1 }] }]
 *    (04 tax types, 10 quantity units, 17 packaging units) and /selectItemClsList → data.itemClsList;
 *  - POST {base}/saveItem (ItemSaveReq: itemCd, itemClsCd, itemTyCd, orgnNatCd, pkgUnitCd, qtyUnitCd, taxTyCd,
 *    dftPrc…) → resultCd only: registers (or updates) an item before a sale names its itemCd;
 *  - POST {base}/saveTrnsSalesOsdc (TrnsSalesSaveWrReq; rcptTyCd S sale, R credit note with orgInvcNo) →
 *    data { curRcptNo, totRcptNo, intrlData, rcptSign, sdcDateTime }.
 * Every answer carries resultCd ('000' success, '001' no search result) and resultMsg. Amounts are in major
 * units with 2 decimals. A time-out, a network error, an HTTP 5xx or a server-side fault code (894, 990, 999)
 * is retried later with the same invcNo; any other code is the owner's to fix (fiscal_error with the message).
 */
export interface EtimsSettings {
  apiBase: string;
  tin: string;
  branchId: string;
  deviceSerial: string;
  timeoutMs?: number;
  /**
   * The address policy for an address a business typed (lib/net: public addresses only, checked after DNS and pinned);
   * undefined for the operator's own ETIMS_API_BASE.
   */
  policy?: TargetOptions;
}

/** One sentence for every way an eTIMS address can fail to answer (refused, unreachable, reset, too slow): it never tells an open port from a closed one. */
export const ETIMS_UNREACHABLE_MESSAGE = (timeoutMs: number) =>
  `KRA eTIMS could not be reached at this address, or did not answer within ${timeoutMs / 1000} s. Check the eTIMS address in Settings; Duka tries again by itself.`;

/** The address (after DNS) is a private, local or internal one: never contacted. */
export const ETIMS_PRIVATE_ADDRESS_MESSAGE =
  'The eTIMS address points to a private, local or internal network address, which Duka does not contact. Use the address KRA gave you.';

export interface EtimsKeyStore {
  load(): Promise<{ cmcKey: string; controlUnitId: string | null } | null>;
  save(cmcKey: string, controlUnitId: string): Promise<void>;
}

const RETRY_CODES = new Set(['894', '896', '990', '999']);

interface Answer {
  resultCd?: string;
  resultMsg?: string;
  resultDt?: string;
  data?: Record<string, unknown> | null;
}

export class EtimsError extends Error {
  constructor(readonly failure: FiscalFailure) {
    super(failure.message);
  }
}

const money = (minor: number) => Math.round(minor) / 100;
const ymd = (iso: string) => iso.replace(/-/g, '').slice(0, 8);
function ymdhms(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}
/** eTIMS writes times as yyyymmddhhmmss (East Africa Time, UTC+3): an ISO instant. */
export function sdcDateTimeToIso(s: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(s);
  if (!m) return null;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4] - 3, +m[5], +m[6]));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The OSCU item registration request (ItemSaveReq) for a catalog item. */
export function itemRequest(item: FiscalItem): Record<string, unknown> {
  const price = money(item.unit_price);
  return {
    itemCd: item.item_code,
    itemClsCd: itemClassOrDefault(item.item_class),
    itemTyCd: item.item_type,
    itemNm: item.name.slice(0, 200),
    itemStdNm: null,
    orgnNatCd: item.origin,
    pkgUnitCd: item.packaging_unit,
    qtyUnitCd: item.quantity_unit,
    taxTyCd: item.tax_band,
    btchNo: null,
    bcd: null,
    dftPrc: price,
    grpPrcL1: price,
    grpPrcL2: price,
    grpPrcL3: price,
    grpPrcL4: price,
    grpPrcL5: null,
    addInfo: null,
    sftyQty: null,
    isrcAplcbYn: 'N',
    useYn: item.in_use === false ? 'N' : 'Y',
    regrId: 'duka',
    regrNm: 'Duka',
    modrId: 'duka',
    modrNm: 'Duka',
  };
}

/** The OSCU sale request for a document (exported for tests and the local OSCU server's checks). */
export function saleRequest(doc: FiscalDocument, now: Date): Record<string, unknown> {
  const band = (b: string) => doc.bands.find((x) => x.band === b)!;
  const taxes: Record<string, number> = {};
  for (const b of ['A', 'B', 'C', 'D', 'E']) {
    taxes[`taxblAmt${b}`] = money(band(b).taxable);
    taxes[`taxRt${b}`] = band(b).rate_bps / 100;
    taxes[`taxAmt${b}`] = money(band(b).tax);
  }
  const credit = doc.kind === 'credit_note';
  const stamp = ymdhms(new Date(now.getTime() + 3 * 3600_000));
  return {
    trdInvcNo: doc.trader_number.slice(0, 50),
    invcNo: doc.fiscal_sequence,
    orgInvcNo: credit ? (doc.original_sequence ?? 0) : 0,
    custTin: doc.buyer.pin,
    custNm: doc.buyer.name.slice(0, 60),
    salesTyCd: 'N',
    rcptTyCd: credit ? 'R' : 'S',
    // How it was paid (code list 07): 02 credit for an invoice sent unpaid, 06 mobile money for M-Pesa…
    pmtTyCd: etimsPaymentTypeCode(doc.payment_type),
    salesSttsCd: '02',
    cfmDt: stamp,
    salesDt: ymd(doc.issue_date),
    stockRlsDt: null,
    cnclReqDt: null,
    cnclDt: null,
    rfdDt: credit ? stamp : null,
    rfdRsnCd: credit ? (doc.reason_code ?? '06') : null,
    totItemCnt: doc.lines.length,
    ...taxes,
    totTaxblAmt: money(doc.taxable_total),
    totTaxAmt: money(doc.tax_total),
    totAmt: money(doc.total),
    prchrAcptcYn: 'N',
    remark: null,
    regrId: 'duka',
    regrNm: 'Duka',
    modrId: 'duka',
    modrNm: 'Duka',
    receipt: { custTin: doc.buyer.pin, custMblNo: null, rcptPbctDt: stamp, trdeNm: null, adrs: null, topMsg: null, btmMsg: null, prchrAcptcYn: 'N' },
    itemList: doc.lines.map((l) => ({
      itemSeq: l.seq,
      // The item's registered eTIMS code (saveItem went first); a typed line or a fee has none.
      itemCd: l.item_code ?? null,
      // Every item carries a class, as KRA's lists require: a line without a catalog class gets core's default.
      itemClsCd: itemClassOrDefault(l.item_class),
      itemNm: l.name.slice(0, 200),
      bcd: null,
      pkgUnitCd: l.packaging_unit || DEFAULT_PACKAGING_UNIT,
      pkg: l.quantity,
      qtyUnitCd: l.unit_code || 'U',
      qty: l.quantity,
      prc: money(l.unit_price),
      splyAmt: money(l.taxable + l.discount),
      dcRt: 0,
      dcAmt: money(l.discount),
      isrccCd: null,
      isrccNm: null,
      isrcRt: null,
      isrcAmt: null,
      taxTyCd: l.band,
      taxblAmt: money(l.taxable),
      taxAmt: money(l.tax),
      totAmt: money(l.taxable),
    })),
  };
}

export function etimsUnit(
  settings: EtimsSettings,
  keys: EtimsKeyStore,
  now: () => Date = () => new Date(),
): FiscalUnit & { call(path: string, body: unknown, withKey: boolean): Promise<Answer> } {
  const base = settings.apiBase.replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? 15_000;
  let key: { cmcKey: string; controlUnitId: string | null } | null = null;

  /**
   * One request. With the key: an answer 900 (the header's key is not the device's, e.g. another server process
   * initialised the device since) reads the key store again, initialises if it holds the same key, and asks once more.
   */
  async function call(path: string, body: unknown, withKey: boolean): Promise<Answer> {
    if (!withKey) return send(path, body, null);
    const used = (await ensureKey()).cmcKey;
    const answer = await send(path, body, used);
    if (answer.resultCd !== '900') return answer;
    key = await keys.load();
    if (!key || key.cmcKey === used) key = await initialise();
    return send(path, body, key.cmcKey);
  }

  async function send(path: string, body: unknown, cmcKey: string | null): Promise<Answer> {
    const headers: Record<string, string> = { 'content-type': 'application/json', tin: settings.tin, bhfId: settings.branchId };
    if (cmcKey) headers.cmcKey = cmcKey;
    const out = await postJson(`${base}/${path}`, headers, JSON.stringify(body), { timeoutMs, policy: settings.policy });
    if (out.kind === 'refused_address')
      throw new EtimsError({
        retry: out.reason === 'unresolved',
        code: null,
        message: out.reason === 'unresolved' ? ETIMS_UNREACHABLE_MESSAGE(timeoutMs) : ETIMS_PRIVATE_ADDRESS_MESSAGE,
      });
    if (out.kind === 'unreachable') throw new EtimsError({ retry: true, code: null, message: ETIMS_UNREACHABLE_MESSAGE(timeoutMs) });
    const status = out.status;
    if (status >= 500 || status === 429) throw new EtimsError({ retry: true, code: String(status), message: `KRA eTIMS is unavailable (HTTP ${status})` });
    let answer: Answer;
    try {
      answer = JSON.parse(out.body) as Answer;
    } catch {
      throw new EtimsError({ retry: true, code: String(status), message: 'KRA eTIMS answered something that is not JSON' });
    }
    if (!answer || typeof answer !== 'object' || typeof answer.resultCd !== 'string')
      throw new EtimsError({ retry: true, code: String(status), message: 'KRA eTIMS answered without a result code' });
    return answer;
  }

  function fail(answer: Answer): never {
    const code = String(answer.resultCd);
    throw new EtimsError({ retry: RETRY_CODES.has(code), code, message: `KRA eTIMS: ${String(answer.resultMsg || 'refused').slice(0, 300)} (${code})` });
  }

  async function initialise(): Promise<{ cmcKey: string; controlUnitId: string | null }> {
    const answer = await call('selectInitOsdcInfo', { tin: settings.tin, bhfId: settings.branchId, dvcSrlNo: settings.deviceSerial }, false);
    if (answer.resultCd !== '000') fail(answer);
    const info = (answer.data?.info ?? {}) as Record<string, unknown>;
    const cmcKey = typeof info.cmcKey === 'string' ? info.cmcKey : '';
    const cu = typeof info.sdcId === 'string' ? info.sdcId : null;
    if (!cmcKey) throw new EtimsError({ retry: true, code: null, message: 'KRA eTIMS initialised the device without a communication key' });
    await keys.save(cmcKey, cu ?? '');
    key = { cmcKey, controlUnitId: cu };
    return key;
  }

  async function ensureKey() {
    if (key) return key;
    key = await keys.load();
    return key ?? (await initialise());
  }

  function codes(list: unknown, cls: string): FiscalCode[] {
    const entry = (Array.isArray(list) ? list : []).find((c: Record<string, unknown>) => c?.cdCls === cls) as Record<string, unknown> | undefined;
    const dtl = Array.isArray(entry?.dtlList) ? (entry.dtlList as Array<Record<string, unknown>>) : [];
    return dtl
      .filter((d) => d.useYn !== 'N')
      .map((d) => ({ code: String(d.cd), name: String(d.cdNm ?? d.cd), extra: d.userDfnCd1 == null ? null : String(d.userDfnCd1) }));
  }

  return {
    name: 'etims',
    test: false,
    call,
    async initialise() {
      const k = await initialise();
      return { control_unit_id: k.controlUnitId ?? '' };
    },
    async codeLists(): Promise<FiscalCodeLists> {
      const answer = await call('selectCodeList', { lastReqDt: '20180101000000' }, true);
      if (answer.resultCd !== '000' && answer.resultCd !== '001') fail(answer);
      const cls = answer.data?.clsList;
      const items = await call('selectItemClsList', { lastReqDt: '20180101000000' }, true);
      if (items.resultCd !== '000' && items.resultCd !== '001') fail(items);
      const itemList = Array.isArray(items.data?.itemClsList) ? (items.data.itemClsList as Array<Record<string, unknown>>) : [];
      return {
        tax_types: codes(cls, '04'),
        units: codes(cls, '10'),
        packaging_units: codes(cls, '17'),
        item_classes: itemList
          .filter((i) => i.useYn !== 'N')
          .map((i) => ({ code: String(i.itemClsCd), name: String(i.itemClsNm ?? i.itemClsCd), extra: (i.taxTyCd as string) ?? null })),
      };
    },
    async registerItem(item) {
      try {
        const answer = await call('saveItem', itemRequest(item), true);
        if (answer.resultCd !== '000') fail(answer);
        return { ok: true };
      } catch (err) {
        if (err instanceof EtimsError) return { ok: false, failure: err.failure };
        throw err;
      }
    },
    async fiscalise(doc) {
      try {
        const k = await ensureKey();
        const answer = await call('saveTrnsSalesOsdc', saleRequest(doc, now()), true);
        if (answer.resultCd !== '000') fail(answer);
        const d = (answer.data ?? {}) as Record<string, unknown>;
        const cur = Number(d.curRcptNo);
        const tot = Number(d.totRcptNo);
        const intrl = typeof d.intrlData === 'string' ? d.intrlData : '';
        const sign = typeof d.rcptSign === 'string' ? d.rcptSign : '';
        const at = typeof d.sdcDateTime === 'string' ? sdcDateTimeToIso(d.sdcDateTime) : null;
        if (!Number.isInteger(cur) || !Number.isInteger(tot) || !intrl || !sign || !at || /#/.test(intrl + sign))
          throw new EtimsError({ retry: true, code: '000', message: 'KRA eTIMS accepted the sale but its answer was incomplete; asking again' });
        const cu = k.controlUnitId || (typeof d.sdcId === 'string' ? d.sdcId : '') || settings.deviceSerial;
        const label = receiptLabel(cur, tot, receiptType(doc.kind, false));
        const result: FiscalResult = {
          control_unit_id: cu,
          receipt_number: cur,
          total_receipts: tot,
          receipt_label: label,
          fiscal_number: String(doc.fiscal_sequence),
          internal_data: intrl,
          signature: sign,
          fiscal_datetime: at,
          qr_text: fiscalQrText(new Date(at), cu, label, intrl, sign, 180),
          test: false,
        };
        return { ok: true, result };
      } catch (err) {
        if (err instanceof EtimsError) return { ok: false, failure: err.failure };
        throw err;
      }
    },
  };
}
