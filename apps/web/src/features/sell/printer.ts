/**
 * Receipt printers on this device (issue 28): ESC/POS bytes over Web Bluetooth or Web Serial where the browser
 * has them; the printer chosen and the paper width are remembered on the device. Anything that stops a receipt throws
 * PrinterLost with its cause (printerProblem), so the screen says what happened and what to do; the sale is saved.
 */
import type { PaperWidth } from '@duka/core';

export type PrinterKind = 'bluetooth' | 'serial' | 'system';
export interface PrinterChoice {
  kind: PrinterKind;
  width: PaperWidth;
  name?: string;
}

const KEY = 'duka:printer';

export function savedPrinter(): PrinterChoice {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as PrinterChoice | null;
    if (v && ['bluetooth', 'serial', 'system'].includes(v.kind) && (v.width === 58 || v.width === 80)) return v;
  } catch {
    // fall through
  }
  return { kind: 'system', width: 58 };
}

export function rememberPrinter(choice: PrinterChoice): void {
  localStorage.setItem(KEY, JSON.stringify(choice));
}

/**
 * Why a receipt did not print, each with its own sentence on the screen (t15b: a machine with no Bluetooth adapter
 * was told "the printer disconnected"):
 * - cancelled: the person closed the browser's chooser without picking a printer;
 * - no_adapter: this device (or the browser) has no Bluetooth radio it can use;
 * - off: Bluetooth is switched off;
 * - denied: the browser, the phone or a policy does not let this site use Bluetooth / the port;
 * - not_printer: the device chosen takes no data (not a receipt printer);
 * - unreachable: the printer could not be connected (off, out of range, the port in use by another app);
 * - lost: it went away in the middle of the receipt;
 * - offline: the printing code (printerSend.ts, loaded on demand) could not be fetched: offline before it ever came.
 */
export type PrinterProblem = 'cancelled' | 'no_adapter' | 'off' | 'denied' | 'not_printer' | 'unreachable' | 'lost' | 'offline';

export class PrinterLost extends Error {
  constructor(
    readonly problem: PrinterProblem,
    detail: string = problem,
  ) {
    super(detail);
  }
}

/** The step a printer error happened at: choosing the device, connecting to it, or sending the receipt. */
export type PrintStep = 'choose' | 'connect' | 'write';

/**
 * The cause of an error thrown by Web Bluetooth or Web Serial, from its DOMException name and, where the browser
 * uses one name for several causes (Chromium: NotFoundError for a cancelled chooser, no adapter, a refused
 * permission), its message.
 */
export function printerProblem(err: unknown, step: PrintStep): PrinterProblem {
  if (err instanceof PrinterLost) return err.problem;
  const name = err && typeof err === 'object' && 'name' in err ? String((err as { name: unknown }).name) : '';
  const message =
    err && typeof err === 'object' && 'message' in err ? String((err as { message: unknown }).message).toLowerCase() : String(err ?? '').toLowerCase();
  if (/cancel|no port selected|no device selected/.test(message)) return 'cancelled';
  if (/adapter (is )?(off|powered off|turned off)|bluetooth is (off|turned off)|radio is off/.test(message)) return 'off';
  if (/adapter not available|no bluetooth adapter|low energy not available|not supported/.test(message)) return 'no_adapter';
  if (name === 'NotAllowedError' || name === 'SecurityError' || /denied|disabled|permission|policy|not allowed|blocked/.test(message)) return 'denied';
  if (step === 'choose') return name === 'NotFoundError' ? 'cancelled' : 'unreachable';
  if (step === 'connect') return 'unreachable';
  return 'lost';
}

export interface BtCharacteristic {
  properties: { write: boolean; writeWithoutResponse: boolean };
  writeValueWithoutResponse?(v: BufferSource): Promise<void>;
  writeValue(v: BufferSource): Promise<void>;
}
export interface BtDevice {
  name?: string;
  gatt?: { connected: boolean; connect(): Promise<{ getPrimaryServices(): Promise<Array<{ getCharacteristics(): Promise<BtCharacteristic[]> }>> }> };
}
export interface Bluetooth {
  requestDevice(o: unknown): Promise<BtDevice>;
  getDevices?(): Promise<BtDevice[]>;
}
export interface SerialPortLike {
  open(o: { baudRate: number }): Promise<void>;
  close(): Promise<void>;
  writable: WritableStream<Uint8Array> | null;
}
export interface Serial {
  requestPort(): Promise<SerialPortLike>;
  getPorts(): Promise<SerialPortLike[]>;
}

export const nav = () => navigator as unknown as { bluetooth?: Bluetooth; serial?: Serial };

/** Which ways to print this browser has. */
export function printerKinds(): PrinterKind[] {
  const out: PrinterKind[] = [];
  if (nav().bluetooth) out.push('bluetooth');
  if (nav().serial) out.push('serial');
  out.push('system');
  return out;
}
