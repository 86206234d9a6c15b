import { whenLinkSettled } from '../data/sync/linkSettled';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
  downlink?: number;
}

/**
 * The link looks slow or metered (Network Information API where the browser has it; unknown counts as fast): data
 * saving, 2g, or a measured bandwidth under 0.5 Mbit/s (the weak link of issue 30 is 0.4). Not effectiveType '3g'
 * alone: the browser derives it from round-trip times, which a busy server stretches on a fast link.
 */
export function slowLink(connection: NetworkInformation | undefined = (navigator as Navigator & { connection?: NetworkInformation }).connection): boolean {
  if (!connection) return false;
  if (connection.saveData) return true;
  if (connection.effectiveType && ['slow-2g', '2g'].includes(connection.effectiveType)) return true;
  return typeof connection.downlink === 'number' && connection.downlink > 0 && connection.downlink < 0.5;
}

/**
 * Code that may be wanted soon (the PDF maker, the editor) is fetched ahead only when the link is idle and fast
 * (issue 30): after the first sync is off the link and has settled (linkBusy.ts), at the browser's next idle moment,
 * and never on a slow or metered link (there it loads when used). Returns a cancel.
 */
export function prefetchWhenIdle(run: () => void): () => void {
  let cancelIdle = () => {};
  const cancelWait = whenLinkSettled(() => {
    if (slowLink()) return;
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(run, { timeout: 3000 });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(run, 1000);
      cancelIdle = () => clearTimeout(id);
    }
  });
  return () => {
    cancelWait();
    cancelIdle();
  };
}
