import { type ComponentProps, type ComponentType, useEffect, useState } from 'react';
import type SaleFiscalBlock from './SaleFiscal';

type Props = ComponentProps<typeof SaleFiscalBlock>;
let loaded: ComponentType<Props> | null = null;

/** Fetches the receipt's fiscal block; resolves once it is here. */
export function loadSaleFiscal(): Promise<ComponentType<Props>> {
  return import('./SaleFiscal').then((m) => (loaded = m.default));
}

/**
 * The receipt's fiscal block (issue 26 F7), fetched when the cart gets its first item rather than with the Sell screen
 * (issue 28: the screen's JS budget). On a first visit that went offline before that, it is simply absent until the
 * device is online again: the receipt itself never fails for it.
 */
export function SaleFiscalSlot(props: Props) {
  const [Block, setBlock] = useState<ComponentType<Props> | null>(() => loaded);
  useEffect(() => {
    if (Block) return;
    let live = true;
    const load = () =>
      void loadSaleFiscal().then(
        (c) => live && setBlock(() => c),
        () => undefined,
      );
    load();
    window.addEventListener('online', load);
    return () => {
      live = false;
      window.removeEventListener('online', load);
    };
  }, [Block]);
  return Block ? <Block {...props} /> : null;
}

/** Fetches the fiscal block ahead once the cart is not empty (a sale is coming), and again when back online. */
export function useSaleFiscalAhead(cartHasItems: boolean): void {
  useEffect(() => {
    if (!cartHasItems || loaded) return;
    const load = () => void loadSaleFiscal().catch(() => undefined);
    load();
    window.addEventListener('online', load);
    return () => window.removeEventListener('online', load);
  }, [cartHasItems]);
}
