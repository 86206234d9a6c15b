import { afterEach, describe, expect, it } from 'vitest';
import { PrinterLost, printerProblem } from './printer';
import { sendToPrinter } from './printerSend';

// t15b: on a machine with no Bluetooth adapter, Chromium's requestDevice rejects with
// NotFoundError "Bluetooth adapter not available." and the screen said "The printer disconnected". Each cause has
// its own answer now. The errors below are the DOMExceptions (name and message) Chromium's Web Bluetooth and Web
// Serial reject with.
const dom = (message: string, name: string) => new DOMException(message, name);

describe('why a receipt did not print', () => {
  it('tells the Web Bluetooth errors apart', () => {
    expect(printerProblem(dom('Bluetooth adapter not available.', 'NotFoundError'), 'choose')).toBe('no_adapter');
    expect(printerProblem(dom('Bluetooth Low Energy not available.', 'NotFoundError'), 'choose')).toBe('no_adapter');
    expect(printerProblem(dom('User cancelled the requestDevice() chooser.', 'NotFoundError'), 'choose')).toBe('cancelled');
    expect(printerProblem(dom('User denied the browser permission to scan for Bluetooth devices.', 'NotFoundError'), 'choose')).toBe('denied');
    expect(printerProblem(dom('Web Bluetooth API globally disabled.', 'NotFoundError'), 'choose')).toBe('denied');
    expect(printerProblem(dom('Access to the feature "bluetooth" is disallowed by permissions policy.', 'SecurityError'), 'choose')).toBe('denied');
    expect(printerProblem(dom('Permission denied.', 'NotAllowedError'), 'choose')).toBe('denied');
    expect(printerProblem(dom('Bluetooth adapter is off.', 'NotFoundError'), 'choose')).toBe('off');
    expect(printerProblem(dom('Bluetooth Device is no longer in range.', 'NetworkError'), 'connect')).toBe('unreachable');
    expect(printerProblem(dom('Connection failed for unknown reason.', 'NetworkError'), 'connect')).toBe('unreachable');
    expect(printerProblem(dom('GATT Server is disconnected. Cannot perform GATT operations.', 'NetworkError'), 'write')).toBe('lost');
  });

  it('and the Web Serial ones', () => {
    expect(printerProblem(dom('No port selected by the user.', 'NotFoundError'), 'choose')).toBe('cancelled');
    expect(printerProblem(dom('Failed to open serial port.', 'NetworkError'), 'connect')).toBe('unreachable');
    expect(printerProblem(dom('The device has been lost.', 'NetworkError'), 'write')).toBe('lost');
  });
});

type Nav = { bluetooth?: unknown; serial?: unknown };
const nav = navigator as unknown as Nav;
afterEach(() => {
  delete nav.bluetooth;
  delete nav.serial;
});

async function failure(run: () => Promise<void>): Promise<PrinterLost> {
  try {
    await run();
  } catch (err) {
    expect(err).toBeInstanceOf(PrinterLost);
    return err as PrinterLost;
  }
  throw new Error('printing did not fail');
}
const bytes = new Uint8Array([0x1b, 0x40, 0x41, 0x0a]);

describe('sending a receipt', () => {
  it('with no Bluetooth adapter says so, never "disconnected"', async () => {
    nav.bluetooth = { requestDevice: () => Promise.reject(dom('Bluetooth adapter not available.', 'NotFoundError')), getDevices: async () => [] };
    const err = await failure(() => sendToPrinter({ kind: 'bluetooth', width: 58 }, bytes));
    expect(err.problem).toBe('no_adapter');
  });

  it('a closed chooser is a cancel, a device that takes no data is not a printer, one that drops mid-receipt is lost', async () => {
    nav.bluetooth = { requestDevice: () => Promise.reject(dom('User cancelled the requestDevice() chooser.', 'NotFoundError')) };
    expect((await failure(() => sendToPrinter({ kind: 'bluetooth', width: 58 }, bytes, true))).problem).toBe('cancelled');

    const device = (write: () => Promise<void>, writable = true) => ({
      name: 'PT-210',
      gatt: {
        connected: true,
        connect: async () => ({
          getPrimaryServices: async () => [
            { getCharacteristics: async () => [{ properties: { write: writable, writeWithoutResponse: false }, writeValue: write }] },
          ],
        }),
      },
    });
    nav.bluetooth = { requestDevice: async () => device(async () => undefined, false) };
    expect((await failure(() => sendToPrinter({ kind: 'bluetooth', width: 58 }, bytes, true))).problem).toBe('not_printer');

    nav.bluetooth = {
      requestDevice: async () => device(() => Promise.reject(dom('GATT Server is disconnected. Cannot perform GATT operations.', 'NetworkError'))),
    };
    expect((await failure(() => sendToPrinter({ kind: 'bluetooth', width: 58 }, bytes, true))).problem).toBe('lost');

    const written: Uint8Array[] = [];
    nav.bluetooth = { requestDevice: async () => device(async (...args: unknown[]) => void written.push(args[0] as Uint8Array)) };
    await sendToPrinter({ kind: 'bluetooth', width: 58 }, bytes, true);
    expect(written).toEqual([bytes]);
  });

  it('a serial port in use by another app cannot be reached', async () => {
    nav.serial = {
      getPorts: async () => [],
      requestPort: async () => ({
        open: () => Promise.reject(dom('Failed to open serial port.', 'NetworkError')),
        close: async () => undefined,
        writable: null,
      }),
    };
    expect((await failure(() => sendToPrinter({ kind: 'serial', width: 80 }, bytes, true))).problem).toBe('unreachable');
  });
});
