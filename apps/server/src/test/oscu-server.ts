import { randomBytes } from 'node:crypto';
import { ETIMS_PAYMENT_TYPE_LIST } from '@duka/core';
import { createServer, type Server } from 'node:http';
import { readBody as read } from './http-server';

/**
 * A local server speaking KRA eTIMS OSCU's API (issue 26 tests and bench): POST /selectInitOsdcInfo,
 * /selectCodeList, /selectItemClsList, /saveItem and /saveTrnsSalesOsdc, JSON in and out, answers with resultCd /
 * resultMsg / resultDt / data like KRA's. Like KRA it checks the device (tin, bhfId, dvcSrlNo), the headers
 * (tin, bhfId, cmcKey) of every later call, the buyer's PIN, the payment type (code list 07), item classification codes (required on every item) and that the items
 * add up; a second sale with an invcNo already received is answered with the first answer when it is the
 * same sale (a replay) and refused with 994 otherwise. Items are registered with saveItem (ItemSaveReq: every
 * required field, codes from the lists) and a sale item without an itemCd, or naming one never registered (or no longer in use), is refused, as KRA does. Faults on demand: down (HTTP 503), slow (delayMs: the
 * request is processed, the answer is late),
 * malformed answers, or one refusal code.
 */
export interface OscuSale {
  invcNo: number;
  rcptTyCd: string;
  orgInvcNo: number;
  body: Record<string, unknown>;
  answer: Record<string, unknown>;
}

export interface OscuServer {
  base: string;
  device: { tin: string; bhfId: string; dvcSrlNo: string };
  /** Sales received, by invcNo (each once). */
  sales: Map<number, OscuSale>;
  /** Every saveTrnsSalesOsdc call, replays included. */
  saleCalls: number;
  /** Requests processed whose answer is not sent yet (slow answers: delayMs). */
  pending: number;
  inits: number;
  cmcKey: string | null;
  delayMs: number;
  down: boolean;
  malformed: boolean;
  /** The next sale is refused with this code and message. */
  refuseNext: { code: string; msg: string } | null;
  itemClasses: string[];
  /** Items registered with saveItem, by itemCd (the last ItemSaveReq of each). */
  items: Map<string, Record<string, unknown>>;
  /** Every saveItem call. */
  itemCalls: number;
  /** The next saveItem is refused with this code and message. */
  refuseNextItem: { code: string; msg: string } | null;
  close(): Promise<void>;
}

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const code = (n: number) => Array.from(randomBytes(n), (b) => B32[b & 31]).join('');

function stamp(d = new Date()): string {
  const e = new Date(d.getTime() + 3 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${e.getUTCFullYear()}${p(e.getUTCMonth() + 1)}${p(e.getUTCDate())}${p(e.getUTCHours())}${p(e.getUTCMinutes())}${p(e.getUTCSeconds())}`;
}

/** The sale without the times the client stamps at each try. */
function saleKey(body: Record<string, unknown>): string {
  const { cfmDt: _c, rfdDt: _r, receipt, ...rest } = body;
  const { rcptPbctDt: _p, ...rcpt } = (receipt ?? {}) as Record<string, unknown>;
  return JSON.stringify({ ...rest, receipt: rcpt });
}

export async function startOscuServer(device = { tin: 'P051234567Q', bhfId: '00', dvcSrlNo: 'DUKA-TEST-001' }): Promise<OscuServer> {
  let counters: Record<string, number> = {};
  let total = 0;
  const state: OscuServer = {
    base: '',
    device,
    sales: new Map(),
    saleCalls: 0,
    pending: 0,
    inits: 0,
    cmcKey: null,
    delayMs: 0,
    down: false,
    malformed: false,
    refuseNext: null,
    itemClasses: ['5059690800', '5020230500', '1010000000', '3000000000', '99010000'],
    items: new Map(),
    itemCalls: 0,
    refuseNextItem: null,
    close: async () => undefined,
  };
  const quantityUnits: Array<[string, string]> = [
    ['U', 'Pieces/item'],
    ['KG', 'Kilo-Gram'],
    ['L', 'Litre'],
    ['BG', 'Bag'],
  ];
  const packingUnits: Array<[string, string]> = [
    ['NT', 'Net'],
    ['BG', 'Bag'],
  ];
  const answer = (resultCd: string, resultMsg: string, data: unknown = null) => ({ resultCd, resultMsg, resultDt: stamp(), data });

  /** saveItem (ItemSaveReq): registers or updates an item; every required field checked against KRA's lists. */
  function saveItem(body: Record<string, unknown>): Record<string, unknown> {
    if (state.refuseNextItem) {
      const r = state.refuseNextItem;
      state.refuseNextItem = null;
      return answer(r.code, r.msg);
    }
    const str = (k: string) => (body[k] == null ? '' : String(body[k]));
    const required = [
      'itemCd',
      'itemClsCd',
      'itemTyCd',
      'itemNm',
      'orgnNatCd',
      'pkgUnitCd',
      'qtyUnitCd',
      'taxTyCd',
      'isrcAplcbYn',
      'useYn',
      'regrId',
      'regrNm',
      'modrId',
      'modrNm',
    ];
    for (const k of required) if (!str(k).trim()) return answer('910', `Request parameter error: ${k} is required`);
    if (str('itemCd').length > 20) return answer('910', 'Request parameter error: itemCd is longer than 20');
    if (str('itemNm').length > 200) return answer('910', 'Request parameter error: itemNm is longer than 200');
    if (!state.itemClasses.includes(str('itemClsCd')))
      return answer('910', `Request parameter error: item classification code ${str('itemClsCd')} does not exist`);
    if (!['1', '2', '3'].includes(str('itemTyCd'))) return answer('910', 'Request parameter error: itemTyCd');
    if (!/^[A-Z]{2}$/.test(str('orgnNatCd'))) return answer('910', 'Request parameter error: orgnNatCd');
    if (!packingUnits.some(([c]) => c === str('pkgUnitCd'))) return answer('910', `Request parameter error: packaging unit ${str('pkgUnitCd')} does not exist`);
    if (!quantityUnits.some(([c]) => c === str('qtyUnitCd'))) return answer('910', `Request parameter error: quantity unit ${str('qtyUnitCd')} does not exist`);
    if (!['A', 'B', 'C', 'D', 'E'].includes(str('taxTyCd'))) return answer('910', 'Request parameter error: taxTyCd');
    if (typeof body.dftPrc !== 'number' || !Number.isFinite(body.dftPrc) || body.dftPrc < 0) return answer('910', 'Request parameter error: dftPrc');
    if (!['Y', 'N'].includes(str('isrcAplcbYn')) || !['Y', 'N'].includes(str('useYn'))) return answer('910', 'Request parameter error: isrcAplcbYn/useYn');
    state.items.set(str('itemCd'), body);
    return answer('000', 'It is succeeded');
  }

  function sale(body: Record<string, unknown>): Record<string, unknown> {
    const invcNo = Number(body.invcNo);
    if (!Number.isInteger(invcNo) || invcNo < 1) return answer('910', 'Request parameter error: invcNo');
    const prev = state.sales.get(invcNo);
    if (prev) return saleKey(prev.body) === saleKey(body) ? prev.answer : answer('994', 'There is an overlapped Data');
    if (state.refuseNext) {
      const r = state.refuseNext;
      state.refuseNext = null;
      return answer(r.code, r.msg);
    }
    // Like KRA: the payment type is one of code list 07 (01 cash … 07 other).
    if (body.pmtTyCd != null && !ETIMS_PAYMENT_TYPE_LIST.some((t) => t.code === body.pmtTyCd))
      return answer('910', `Request parameter error: payment type code ${String(body.pmtTyCd)} does not exist`);
    const pin = body.custTin;
    if (pin != null && pin !== '' && !/^[A-Z]\d{9}[A-Z]$/.test(String(pin))) return answer('910', 'Request parameter error: custTin is not a valid PIN');
    const items = Array.isArray(body.itemList) ? (body.itemList as Array<Record<string, unknown>>) : [];
    if (!items.length || items.length !== Number(body.totItemCnt)) return answer('910', 'Request parameter error: totItemCnt');
    for (const it of items) {
      // Like KRA: every item is classified (a 10-digit or shorter code from the item classification list).
      if (it.itemClsCd == null || String(it.itemClsCd).trim() === '')
        return answer('910', `Request parameter error: itemClsCd is required (item ${String(it.itemSeq)})`);
      if (String(it.itemClsCd).length > 10) return answer('910', `Request parameter error: itemClsCd ${String(it.itemClsCd)} is longer than 10`);
      if (!state.itemClasses.includes(String(it.itemClsCd)))
        return answer('910', `Request parameter error: item classification code ${String(it.itemClsCd)} does not exist`);
      if (!['A', 'B', 'C', 'D', 'E'].includes(String(it.taxTyCd))) return answer('910', 'Request parameter error: taxTyCd');
      // Like KRA: every item names its code (itemCd is required), of an item registered with saveItem and in use.
      if (it.itemCd == null || String(it.itemCd).trim() === '')
        return answer('910', `Request parameter error: itemCd is required (item ${String(it.itemSeq)})`);
      const registered = state.items.get(String(it.itemCd));
      if (!registered) return answer('910', `Request parameter error: item code ${String(it.itemCd)} is not registered`);
      if (registered.useYn === 'N') return answer('910', `Request parameter error: item code ${String(it.itemCd)} is not in use`);
      // Like KRA: the supply amount is the price times the quantity (to a cent a unit), less the discount the taxable amount.
      const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
      if (Math.abs(Math.round(Number(it.prc) * Number(it.qty) * 100) - cents(it.splyAmt)) > Math.ceil(Number(it.qty)))
        return answer('910', `Request parameter error: splyAmt is not prc × qty (item ${String(it.itemSeq)})`);
      if (cents(it.splyAmt) - cents(it.dcAmt) !== cents(it.taxblAmt))
        return answer('910', `Request parameter error: taxblAmt is not splyAmt − dcAmt (item ${String(it.itemSeq)})`);
    }
    // Like KRA: each item's VAT is its taxable amount's (VAT-inclusive) at the band's rate, to a cent (a tax rounded
    // once on the invoice's total and shared over its items, t22 V1, is within a cent of it), and each band's VAT is
    // the sum of its items'.
    for (const b of ['A', 'B', 'C', 'D', 'E']) {
      const rate = Number(body[`taxRt${b}`] ?? 0);
      const inBand = items.filter((it) => it.taxTyCd === b);
      for (const it of inBand) {
        const exact = (Math.round(Number(it.taxblAmt) * 100) * rate) / (100 + rate);
        if (Math.abs(Math.round(Number(it.taxAmt) * 100) - exact) > 1)
          return answer('910', `Request parameter error: taxAmt is not taxblAmt at ${rate}% (item ${String(it.itemSeq)})`);
      }
      const bandTax = inBand.reduce((s, it) => s + Math.round(Number(it.taxAmt) * 100), 0);
      if (bandTax !== Math.round(Number(body[`taxAmt${b}`] ?? 0) * 100))
        return answer('910', `Request parameter error: taxAmt${b} is not the sum of its items`);
    }
    const sum = items.reduce((s, it) => s + Math.round(Number(it.totAmt) * 100), 0);
    if (sum !== Math.round(Number(body.totAmt) * 100)) return answer('910', 'Request parameter error: totAmt is not the sum of the items');
    const bands = ['A', 'B', 'C', 'D', 'E'].reduce((s, b) => s + Math.round(Number(body[`taxblAmt${b}`] ?? 0) * 100), 0);
    if (bands !== sum) return answer('910', 'Request parameter error: taxable amounts A–E do not add up');
    const type = String(body.rcptTyCd);
    if (type === 'R') {
      const org = state.sales.get(Number(body.orgInvcNo));
      if (!org || org.rcptTyCd !== 'S') return answer('910', 'Request parameter error: orgInvcNo is not a sale');
    } else if (type !== 'S') return answer('910', 'Request parameter error: rcptTyCd');
    counters[type] = (counters[type] ?? 0) + 1;
    total += 1;
    const a = answer('000', 'It is succeeded', {
      curRcptNo: counters[type],
      totRcptNo: total,
      intrlData: code(26),
      rcptSign: code(16),
      sdcDateTime: stamp(),
    });
    state.sales.set(invcNo, { invcNo, rcptTyCd: type, orgInvcNo: Number(body.orgInvcNo ?? 0), body, answer: a });
    return a;
  }

  const server: Server = createServer(async (req, res) => {
    const raw = await read(req);
    if (state.down) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    if (state.malformed) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"resultCd": "000", "data": ');
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer('911', 'There is no request full text')));
      return;
    }
    const path = (req.url ?? '').replace(/^.*\//, '');
    let out: Record<string, unknown>;
    if (req.method !== 'POST') out = answer('912', 'There is a request Method error');
    else if (path === 'selectInitOsdcInfo') {
      if (body.tin !== device.tin || body.bhfId !== device.bhfId || body.dvcSrlNo !== device.dvcSrlNo) out = answer('901', 'It is not valid device');
      else {
        state.inits += 1;
        state.cmcKey = randomBytes(16).toString('hex');
        counters = counters ?? {};
        out = answer('000', 'It is succeeded', {
          info: {
            tin: device.tin,
            taxprNm: 'Duka Test Shop',
            bhfId: device.bhfId,
            bhfNm: 'Headquarter',
            dvcId: '9999911300000001',
            sdcId: 'KRACU0100000001',
            mrcNo: 'WIS01000150',
            cmcKey: state.cmcKey,
          },
        });
      }
    } else if (req.headers.tin !== device.tin || req.headers.bhfid !== device.bhfId || !state.cmcKey || req.headers.cmckey !== state.cmcKey) {
      out = answer('900', 'There is no Header information');
    } else if (path === 'selectCodeList') {
      const dtl = (list: Array<[string, string, string?]>) => list.map(([cd, cdNm, u], i) => ({ cd, cdNm, srtOrd: i + 1, useYn: 'Y', userDfnCd1: u ?? null }));
      out = answer('000', 'It is succeeded', {
        clsList: [
          {
            cdCls: '04',
            cdClsNm: 'Taxation Type',
            useYn: 'Y',
            dtlList: dtl([
              ['A', 'A-Exempt', '0'],
              ['B', 'B-16.00%', '16'],
              ['C', 'C-0%', '0'],
              ['D', 'D-Non-VAT', '0'],
              ['E', 'E-8%', '8'],
            ]),
          },
          {
            cdCls: '10',
            cdClsNm: 'Quantity Unit',
            useYn: 'Y',
            dtlList: dtl(quantityUnits),
          },
          {
            cdCls: '17',
            cdClsNm: 'Packing Unit',
            useYn: 'Y',
            dtlList: dtl(packingUnits),
          },
        ],
      });
    } else if (path === 'selectItemClsList') {
      out = answer('000', 'It is succeeded', {
        itemClsList: state.itemClasses.map((c) => ({ itemClsCd: c, itemClsNm: `Class ${c}`, itemClsLvl: 5, taxTyCd: 'B', useYn: 'Y' })),
      });
    } else if (path === 'saveItem') {
      state.itemCalls += 1;
      out = saveItem(body);
    } else if (path === 'saveTrnsSalesOsdc') {
      state.saleCalls += 1;
      out = sale(body);
    } else out = answer('910', `Unknown request ${path}`);
    // Slow like a loaded authority: the request is processed, the answer comes late (or never, past the client's time-out).
    if (state.delayMs) {
      state.pending += 1;
      await new Promise((r) => setTimeout(r, state.delayMs));
      state.pending -= 1;
    }
    if (res.destroyed) return;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  state.base = `http://127.0.0.1:${port}/etims-api`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
