import { afterEach, describe, expect, it } from 'vitest';
import { bootFromHtml } from './bootFromHtml';

type Order = { __bootOrder?: string[] };
const order = () => ((globalThis as Order).__bootOrder ??= []);

/**
 * A module as a data: URL that notes its name when it runs and posts a message to itself: the message is noted when the
 * task it queued runs (before the next step only when the steps are run in tasks of their own).
 */
const step = (name: string) =>
  `data:text/javascript,${encodeURIComponent(
    `const o = (globalThis.__bootOrder ??= []); o.push('${name}'); const c = new MessageChannel();` +
      `c.port1.onmessage = () => { o.push('${name} task'); c.port1.close(); }; c.port2.postMessage(0);`,
  )}`;

afterEach(() => {
  delete (globalThis as Order).__bootOrder;
  document.body.innerHTML = '';
});

describe('bootFromHtml', () => {
  it("runs the app's imports one at a time in their order, each in a task of its own, then the app", async () => {
    document.body.innerHTML = `<script type="module" data-boot="${step('app')}" data-steps="${step('react')} ${step('router')}" data-css=""></script>`;
    await bootFromHtml();
    expect(order()).toEqual(['react', 'react task', 'router', 'router task', 'app']);
  });

  it('says so when the HTML names no app code', async () => {
    document.body.innerHTML = '<script type="module"></script>';
    await expect(bootFromHtml()).rejects.toThrow('index.html names no app code');
  });
});
