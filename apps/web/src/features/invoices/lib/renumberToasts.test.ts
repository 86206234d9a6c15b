import { renumberNotice } from '@duka/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { renumberedToTell } from './renumberToasts';

// t20 H3: two phones offline both showed INV-0004; after sync the server renumbered one to INV-0005 with a notice.
const say = (from: string, to: string) => `${from} is now ${to} (another device used that number)`;

beforeEach(() => localStorage.clear());

describe('an invoice the server renumbered is told once (t20 H3)', () => {
  it('tells each renumbered invoice once per user on this device, and not the others', () => {
    const invoices = [
      { id: 'a', notice: renumberNotice('INV-0004', 'INV-0005') },
      { id: 'b', notice: null },
      { id: 'c', notice: 'An older notice the app cannot read' },
    ];
    expect(renumberedToTell('u1', invoices, say)).toEqual(['INV-0004 is now INV-0005 (another device used that number)']);
    expect(renumberedToTell('u1', invoices, say)).toEqual([]);
    // Another owner on the device is told about their own invoices.
    expect(renumberedToTell('u2', invoices, say)).toHaveLength(1);
  });

  it('a second renumbering of the same invoice is told again', () => {
    expect(renumberedToTell('u1', [{ id: 'a', notice: renumberNotice('INV-0004', 'INV-0005') }], say)).toHaveLength(1);
    expect(renumberedToTell('u1', [{ id: 'a', notice: renumberNotice('INV-0005', 'INV-0006') }], say)).toEqual([
      'INV-0005 is now INV-0006 (another device used that number)',
    ]);
  });
});
