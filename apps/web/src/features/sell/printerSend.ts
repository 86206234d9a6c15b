/**
 * Sending a receipt to a receipt printer (issue 28): core's ESC/POS bytes over Web Bluetooth or Web Serial. Loaded only
 * when a receipt printer is chosen or used, not with the Sell screen (its first-visit budget): printer.ts keeps what the
 * screen needs to draw (the choice, the kinds this browser has, the words for a problem).
 */
import { escposReceipt, type GrayImage, type ReceiptTicket } from '@duka/core';
import {
  type BtCharacteristic,
  type BtDevice,
  nav,
  type PrinterChoice,
  PrinterLost,
  printerProblem,
  type PrintStep,
  rememberPrinter,
  type SerialPortLike,
} from './printer';

/** Services that common 58/80 mm Bluetooth receipt printers expose their write characteristic under. */
const BT_SERVICES = ['000018f0-0000-1000-8000-00805f9b34fb', 'e7810a71-73ae-499d-8c15-faa9aef0c3f2', '49535343-fe7d-4ae5-8fa9-9fafd205e455'];

let btDevice: BtDevice | null = null;
let port: SerialPortLike | null = null;

async function bluetoothWrite(bytes: Uint8Array, choose: boolean): Promise<string | undefined> {
  const bt = nav().bluetooth;
  if (!bt) throw new PrinterLost('no_adapter', 'no navigator.bluetooth');
  let step: PrintStep = 'choose';
  try {
    if (!btDevice || choose) {
      btDevice = null;
      const known = choose ? [] : ((await bt.getDevices?.()) ?? []);
      btDevice = known[0] ?? (await bt.requestDevice({ acceptAllDevices: true, optionalServices: BT_SERVICES }));
    }
    step = 'connect';
    if (!btDevice.gatt) throw new PrinterLost('not_printer', 'no GATT server');
    const server = await btDevice.gatt.connect();
    let target: BtCharacteristic | null = null;
    for (const service of await server.getPrimaryServices()) {
      for (const c of await service.getCharacteristics()) if (!target && (c.properties.write || c.properties.writeWithoutResponse)) target = c;
    }
    if (!target) throw new PrinterLost('not_printer', 'no writable characteristic');
    step = 'write';
    for (let i = 0; i < bytes.length; i += 180) {
      const chunk = bytes.slice(i, i + 180);
      if (target.properties.writeWithoutResponse && target.writeValueWithoutResponse) await target.writeValueWithoutResponse(chunk);
      else await target.writeValue(chunk);
    }
    return btDevice.name;
  } catch (err) {
    // A device that could not be used is asked for again next time.
    if (step !== 'write') btDevice = null;
    throw err instanceof PrinterLost ? err : new PrinterLost(printerProblem(err, step), String(err));
  }
}

async function serialWrite(bytes: Uint8Array, choose: boolean): Promise<string | undefined> {
  const serial = nav().serial;
  if (!serial) throw new PrinterLost('no_adapter', 'no navigator.serial');
  let step: PrintStep = 'choose';
  try {
    if (!port || choose) {
      port = null;
      const known = choose ? [] : await serial.getPorts();
      const chosen = known[0] ?? (await serial.requestPort());
      step = 'connect';
      await chosen.open({ baudRate: 9600 });
      port = chosen;
    }
    step = 'write';
    const writer = port.writable!.getWriter();
    try {
      await writer.write(bytes);
    } finally {
      writer.releaseLock();
    }
    return undefined;
  } catch (err) {
    port = null;
    throw new PrinterLost(printerProblem(err, step), String(err));
  }
}

/** Sends a receipt's bytes to the chosen printer (asks the person to pick one the first time). */
export async function sendToPrinter(choice: PrinterChoice, bytes: Uint8Array, choose = false): Promise<void> {
  const name = choice.kind === 'bluetooth' ? await bluetoothWrite(bytes, choose) : await serialWrite(bytes, choose);
  rememberPrinter({ ...choice, ...(name ? { name } : {}) });
}

/** Prints a receipt on the chosen receipt printer: its ESC/POS bytes for the paper width, the logo fitted and dithered. */
export function printTicket(choice: PrinterChoice, ticket: ReceiptTicket, logo: GrayImage | null, choose: boolean): Promise<void> {
  return sendToPrinter(choice, escposReceipt({ ...ticket, logo }, choice.width), choose);
}
