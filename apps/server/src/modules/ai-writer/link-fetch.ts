import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { pinnedLookup, resolveTarget, type Target, TargetError, type TargetOptions } from '../../lib/net/public-target';
import { htmlToText, plainTextToPage } from './html-text';
import type { PageText } from './provider';

export interface FetchPageOptions extends TargetOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export const LINK_LIMITS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 } as const;

/** A link that can't be used: refused (400: scheme, address, redirects) or failed (422: unreachable, not a page). */
export class LinkError extends Error {
  constructor(
    readonly status: 400 | 422,
    message: string,
  ) {
    super(message);
    this.name = 'LinkError';
  }
}

const refused = (message: string) => new LinkError(400, message);
const failed = (message: string) => new LinkError(422, message);

/** Checks a URL and resolves it to one address that may be contacted (lib/net's policy), in the link's words. */
export async function checkTarget(raw: string, opts: FetchPageOptions = {}): Promise<Target> {
  try {
    return await resolveTarget(raw, opts);
  } catch (err) {
    if (!(err instanceof TargetError)) throw err;
    switch (err.reason) {
      case 'invalid':
        throw refused('This link is not a valid web address.');
      case 'scheme':
        throw refused('Only http and https links can be used.');
      case 'credentials':
        throw refused('Links with a user name or password cannot be used.');
      case 'internal_name':
        throw refused('This link points to a local or internal address, which cannot be fetched.');
      case 'unresolved':
        throw failed(`The site ${err.host} could not be found. Please check the link.`);
      default:
        throw refused('This link points to a private, local or internal network address, which cannot be fetched.');
    }
  }
}

function decode(buffer: Buffer, contentType: string): string {
  const sniff = buffer.subarray(0, 2048).toString('latin1');
  const charset = /charset\s*=\s*["']?([\w-]+)/i.exec(contentType)?.[1] ?? /<meta[^<>]+charset\s*=\s*["']?([\w-]+)/i.exec(sniff)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset.toLowerCase()).decode(buffer);
  } catch {
    return new TextDecoder('utf-8').decode(buffer);
  }
}

/** One request to a checked target; the connection goes to the checked address (no second DNS answer can differ). */
function request(target: Target, deadline: number): Promise<IncomingMessage> {
  const lib = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      target.url,
      {
        method: 'GET',
        lookup: pinnedLookup(target),
        // No pooled sockets: every connection is made to the address checked for this request.
        agent: false,
        headers: {
          'user-agent': 'DukaLinkReader/1.0 (+AI writer link summary)',
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.8,*/*;q=0.1',
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': 'en, fr;q=0.8, *;q=0.5',
        },
      },
      (res) => {
        clearTimeout(timer);
        resolve(res);
      },
    );
    // A hard deadline (not an idle timeout): a server trickling bytes can't hold the request open.
    const timer = setTimeout(() => req.destroy(failed('The page took too long to answer (10 s).')), Math.max(1, deadline - Date.now()));
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err instanceof LinkError ? err : failed(`The page could not be loaded (${(err as NodeJS.ErrnoException).code ?? err.message}).`));
    });
    req.end();
  });
}

/** Reads at most maxBytes of the (decompressed) body; a longer page is cut there. */
function readBody(res: IncomingMessage, maxBytes: number, deadline: number): Promise<Buffer> {
  const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
  const stream =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? res.pipe(zlib.createGunzip())
      : encoding === 'deflate'
        ? res.pipe(zlib.createInflate())
        : encoding === 'br'
          ? res.pipe(zlib.createBrotliDecompress())
          : res;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const timer = setTimeout(() => finish(failed('The page took too long to answer (10 s).')), Math.max(1, deadline - Date.now()));
    const finish = (err?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      res.destroy();
      if (err) reject(err);
      else resolve(Buffer.concat(chunks));
    };
    stream.on('data', (chunk: Buffer) => {
      const room = maxBytes - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      if (size >= maxBytes) finish();
    });
    stream.on('end', () => finish());
    stream.on('error', (err) => finish(failed(`The page could not be read (${err.message}).`)));
    res.on('error', (err) => finish(failed(`The page could not be read (${err.message}).`)));
  });
}

/**
 * Fetches a web page for content_link safely: http(s) only, every address of the host and of every
 * redirect must be public, the connection uses the checked address, ≤ 3 redirects, 10 s in all, ≤ 2 MB.
 */
export async function fetchPage(rawUrl: string, opts: FetchPageOptions = {}): Promise<PageText> {
  const maxRedirects = opts.maxRedirects ?? LINK_LIMITS.maxRedirects;
  const deadline = Date.now() + (opts.timeoutMs ?? LINK_LIMITS.timeoutMs);
  let current = rawUrl;
  for (let hop = 0; ; hop++) {
    const target = await checkTarget(current, opts);
    if (Date.now() >= deadline) throw failed('The page took too long to answer (10 s).');
    const res = await request(target, deadline);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.destroy();
      if (hop >= maxRedirects) throw refused(`The link redirects more than ${maxRedirects} times.`);
      current = new URL(res.headers.location, target.url).toString();
      continue;
    }
    if (status < 200 || status >= 300) {
      res.destroy();
      throw failed(`The page answered with an error (HTTP ${status}).`);
    }
    const contentType = String(res.headers['content-type'] ?? 'text/html').toLowerCase();
    const isHtml = /text\/html|application\/xhtml\+xml/.test(contentType);
    if (!isHtml && !/text\/plain/.test(contentType)) {
      res.destroy();
      throw failed('The link does not point to a web page (it is a file or another kind of content).');
    }
    const text = decode(await readBody(res, opts.maxBytes ?? LINK_LIMITS.maxBytes, deadline), contentType);
    const page = isHtml ? htmlToText(text, target.url.toString()) : plainTextToPage(text, target.url.toString());
    if (!page.paragraphs.length && !page.description) throw failed('The page has no readable text to write from.');
    return page;
  }
}
