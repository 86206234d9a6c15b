/**
 * Receipt printers on this device (issue 28): ESC/POS bytes over Web Bluetooth or Web Serial where the browser
 * has them; the printer chosen and the paper width are remembered on the device. A printer that goes away in the
 * middle of a receipt throws PrinterLost (the screen offers Retry; the sale is already saved).
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

export class PrinterLost extends Error {}

interface BtCharacteristic {
  properties: { write: boolean; writeWithoutResponse: boolean };
  writeValueWithoutResponse?(v: BufferSource): Promise<void>;
  writeValue(v: BufferSource): Promise<void>;
}
interface BtDevice {
  name?: string;
  gatt?: { connected: boolean; connect(): Promise<{ getPrimaryServices(): Promise<Array<{ getCharacteristics(): Promise<BtCharacteristic[]> }>> }> };
}
interface Bluetooth {
  requestDevice(o: unknown): Promise<BtDevice>;
  getDevices?(): Promise<BtDevice[]>;
}
interface SerialPortLike {
  open(o: { baudRate: number }): Promise<void>;
  close(): Promise<void>;
  writable: WritableStream<Uint8Array> | null;
}
interface Serial {
  requestPort(): Promise<SerialPortLike>;
  getPorts(): Promise<SerialPortLike[]>;
}

const nav = () => navigator as unknown as { bluetooth?: Bluetooth; serial?: Serial };

/** Which ways to print this browser has. */
export function printerKinds(): PrinterKind[] {
  const out: PrinterKind[] = [];
  if (nav().bluetooth) out.push('bluetooth');
  if (nav().serial) out.push('serial');
  out.push('system');
  return out;
}

/** Services that common 58/80 mm Bluetooth receipt printers expose their write characteristic under. */
const BT_SERVICES = ['000018f0-0000-1000-8000-00805f9b34fb', 'e7810a71-73ae-499d-8c15-faa9aef0c3f2', '49535343-fe7d-4ae5-8fa9-9fafd205e455'];

let btDevice: BtDevice | null = null;
let port: SerialPortLike | null = null;

async function bluetoothWrite(bytes: Uint8Array, choose: boolean): Promise<string | undefined> {
  const bt = nav().bluetooth;
  if (!bt) throw new PrinterLost('no bluetooth');
  if (!btDevice || choose) {
    const known = choose ? [] : ((await bt.getDevices?.()) ?? []);
    btDevice = known[0] ?? (await bt.requestDevice({ acceptAllDevices: true, optionalServices: BT_SERVICES }));
  }
  try {
    const server = await btDevice.gatt!.connect();
    let target: BtCharacteristic | null = null;
    for (const service of await server.getPrimaryServices()) {
      for (const c of await service.getCharacteristics()) if (!target && (c.properties.write || c.properties.writeWithoutResponse)) target = c;
    }
    if (!target) throw new PrinterLost('no writable characteristic');
    for (let i = 0; i < bytes.length; i += 180) {
      const chunk = bytes.slice(i, i + 180);
      if (target.properties.writeWithoutResponse && target.writeValueWithoutResponse) await target.writeValueWithoutResponse(chunk);
      else await target.writeValue(chunk);
    }
    return btDevice.name;
  } catch (err) {
    if (err instanceof PrinterLost) throw err;
    throw new PrinterLost(String(err));
  }
}

async function serialWrite(bytes: Uint8Array, choose: boolean): Promise<string | undefined> {
  const serial = nav().serial;
  if (!serial) throw new PrinterLost('no serial');
  try {
    if (!port || choose) {
      const known = choose ? [] : await serial.getPorts();
      port = known[0] ?? (await serial.requestPort());
      await port.open({ baudRate: 9600 });
    }
    const writer = port.writable!.getWriter();
    try {
      await writer.write(bytes);
    } finally {
      writer.releaseLock();
    }
    return undefined;
  } catch (err) {
    port = null;
    throw new PrinterLost(String(err));
  }
}

/** Sends a receipt's bytes to the chosen printer (asks the person to pick one the first time). */
export async function sendToPrinter(choice: PrinterChoice, bytes: Uint8Array, choose = false): Promise<void> {
  const name = choice.kind === 'bluetooth' ? await bluetoothWrite(bytes, choose) : await serialWrite(bytes, choose);
  rememberPrinter({ ...choice, ...(name ? { name } : {}) });
}
