import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlToText } from './html-text';
import { isBlockedAddress } from '../../lib/net/ip-policy';
import { checkTarget, fetchPage, type FetchPageOptions, LinkError } from './link-fetch';

const ARTICLE = `<html><head><title>Pricing &amp; profit</title><meta name="description" content="How to price"><style>.x{}</style></head>
<body><script>var secret = 1;</script><h1>Pricing &amp; profit</h1><p>Count every cost per item: materials, transport and packaging.</p>
<h2>Margins</h2><p>Add a margin of 30&nbsp;to 50 percent so that the business stays healthy.</p><footer>Copyright footer text that is long enough</footer></body></html>`;

const hits: Array<{ url?: string; host?: string }> = [];
let port = 0;
const server = http.createServer((req, res) => {
  hits.push({ url: req.url, host: req.headers.host });
  const to = (location: string) => res.writeHead(302, { location }).end();
  switch (req.url) {
    case '/article':
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
    case '/gzip':
      return res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(zlib.gzipSync(ARTICLE));
    case '/hop1':
      return to('/hop2');
    case '/hop2':
      return to(`http://127.0.0.1:${port}/article`);
    case '/to-loopback':
      return to('http://127.0.0.1:1/admin');
    case '/to-metadata':
      return to('http://169.254.169.254/latest/meta-data/');
    case '/to-ftp':
      return to('ftp://example.com/file');
    case '/loop':
      return to('/loop');
    case '/pdf':
      return res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
    case '/big':
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body>');
      for (let i = 0; i < 40; i++) res.write(`<p>Part ${i}. ${'Paragraph text that goes on and on. '.repeat(3000)}</p>`);
      return res.end('</body></html>');
    case '/hang':
      return; // never answers
    case '/slow':
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<p>Started but never finished');
      return;
    default:
      return res.writeHead(404).end();
  }
});

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** The test server is on loopback: only its exact port is let through. */
const allowServer: FetchPageOptions = { allow: (address, p) => address === '127.0.0.1' && p === port };

async function refusal(url: string, opts: FetchPageOptions = allowServer): Promise<LinkError> {
  try {
    await fetchPage(url, opts);
  } catch (err) {
    expect(err).toBeInstanceOf(LinkError);
    return err as LinkError;
  }
  throw new Error(`${url} was fetched`);
}

describe('address policy', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.100.100.200',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    'not-an-ip',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '41.58.10.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows public %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe('fetchPage refuses', () => {
  it('loopback, private, link-local and metadata addresses', async () => {
    for (const url of [
      'http://127.0.0.1/',
      `http://127.0.0.1:${port}/article`,
      'http://10.0.0.8/',
      'http://192.168.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://0.0.0.0/',
      'http://localhost/',
      'http://metadata.google.internal/',
    ]) {
      const err = await refusal(url, {});
      expect(err.status, url).toBe(400);
      expect(err.message).toMatch(/private, local or internal|local or internal address/);
    }
  });

  it('a host whose DNS answer includes a private address', async () => {
    const lookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    const err = await refusal('http://mixed.example.com/', { lookup });
    expect(err.status).toBe(400);
  });

  it('non-http schemes and credentials', async () => {
    for (const url of ['ftp://example.com/file', 'file:///etc/passwd', 'javascript:alert(1)', 'gopher://example.com/', 'data:text/html,hi']) {
      const err = await refusal(url);
      expect(err.status, url).toBe(400);
      expect(err.message).toMatch(/Only http and https/);
    }
    expect((await refusal('http://user:pass@example.com/')).message).toMatch(/user name or password/);
    expect((await refusal('http://example.com@127.0.0.1/', {})).status).toBe(400);
  });

  it('a redirect to loopback, to the metadata address and to another scheme (re-checked on every hop)', async () => {
    expect((await refusal(`http://127.0.0.1:${port}/to-loopback`)).status).toBe(400);
    expect((await refusal(`http://127.0.0.1:${port}/to-metadata`)).status).toBe(400);
    expect((await refusal(`http://127.0.0.1:${port}/to-ftp`)).message).toMatch(/Only http and https/);
  });

  it('more than 3 redirects', async () => {
    const err = await refusal(`http://127.0.0.1:${port}/loop`);
    expect(err.message).toMatch(/more than 3 times/);
  });

  it('error pages, files, timeouts and unknown hosts (422)', async () => {
    expect((await refusal(`http://127.0.0.1:${port}/nothing`)).status).toBe(422);
    expect((await refusal(`http://127.0.0.1:${port}/pdf`)).message).toMatch(/not point to a web page/);
    const slow = await refusal(`http://127.0.0.1:${port}/slow`, { ...allowServer, timeoutMs: 300 });
    expect(slow.status).toBe(422);
    expect(slow.message).toMatch(/too long/);
    const hang = await refusal(`http://127.0.0.1:${port}/hang`, { ...allowServer, timeoutMs: 300 });
    expect(hang.message).toMatch(/too long/);
    const unknown = await refusal('http://no-such-host.invalid/', { lookup: async () => Promise.reject(new Error('ENOTFOUND')) });
    expect(unknown.status).toBe(422);
  });
});

describe('fetchPage reads', () => {
  it('a page reduced to readable text (title, headings, paragraphs; no scripts, styles or footer)', async () => {
    const page = await fetchPage(`http://127.0.0.1:${port}/article`, allowServer);
    expect(page.title).toBe('Pricing & profit');
    expect(page.description).toBe('How to price');
    expect(page.headings).toEqual(['Pricing & profit', 'Margins']);
    expect(page.paragraphs).toEqual([
      'Count every cost per item: materials, transport and packaging.',
      'Add a margin of 30 to 50 percent so that the business stays healthy.',
    ]);
    expect(JSON.stringify(page)).not.toMatch(/secret|\.x\{|Copyright/);
  });

  it('gzip bodies and up to 3 redirects', async () => {
    expect((await fetchPage(`http://127.0.0.1:${port}/gzip`, allowServer)).title).toBe('Pricing & profit');
    const page = await fetchPage(`http://127.0.0.1:${port}/hop1`, allowServer);
    expect(page.url).toBe(`http://127.0.0.1:${port}/article`);
  });

  it('connects to the checked address, not to a second DNS answer', async () => {
    hits.length = 0;
    const page = await fetchPage(`http://pinned.example.com:${port}/article`, { ...allowServer, lookup: async () => [{ address: '127.0.0.1', family: 4 }] });
    expect(page.title).toBe('Pricing & profit');
    expect(hits[0]).toEqual({ url: '/article', host: `pinned.example.com:${port}` });
  });

  it('reads a page bigger than 2 MB only up to the limit', async () => {
    const page = await fetchPage(`http://127.0.0.1:${port}/big`, allowServer);
    expect(page.paragraphs.length).toBeGreaterThan(5);
    const cut = await fetchPage(`http://127.0.0.1:${port}/big`, { ...allowServer, maxBytes: 1000 });
    expect(cut.paragraphs.join('').length).toBeLessThan(1000);
  });

  it('checkTarget returns the first checked address and the port', async () => {
    const t = await checkTarget('https://shop.example.com/a', { lookup: async () => [{ address: '41.58.10.1', family: 4 }] });
    expect(t).toMatchObject({ address: '41.58.10.1', port: 443 });
  });
});

describe('htmlToText', () => {
  it('decodes entities and survives hostile markup in linear time', () => {
    expect(htmlToText('<p>Caf&eacute; &#8211; &#x1F600; &lt;b&gt; and more words here</p>', 'http://x').paragraphs[0]).toBe(
      'Café – 😀 <b> and more words here',
    );
    const started = Date.now();
    htmlToText(`${'<h1 '.repeat(100_000)}${'<script>'.repeat(50_000)}${'<!--'.repeat(50_000)}${'<'.repeat(200_000)}`, 'http://x');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reads every named entity, not a short list, and survives deep nesting', () => {
    const page = htmlToText('<title>Prix &euro;</title><p>Ni&ntilde;o &frac12; kilo &mdash; 25&nbsp;000 &yen; d&eacute;j&agrave;</p>', 'http://x');
    expect(page.title).toBe('Prix €');
    expect(page.paragraphs[0]).toBe('Niño ½ kilo — 25 000 ¥ déjà');
    const deep = htmlToText(`${'<div>'.repeat(100_000)}Words deep inside many divs, still read.${'</div>'.repeat(100_000)}`, 'http://x');
    expect(deep.paragraphs).toEqual(['Words deep inside many divs, still read.']);
  });
});
