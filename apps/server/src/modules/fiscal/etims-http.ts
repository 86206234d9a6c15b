import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, resolveTarget, TargetError, type TargetOptions } from '../../lib/net/public-target';

/**
 * One POST to a KRA eTIMS address (issue 26 F5). A business types its eTIMS address in Settings, so the server
 * must not become a way to reach its own network: with `policy` set, the address is checked after DNS resolution
 * (lib/net's policy, the AI writer's) and the connection goes to the address checked (no second DNS answer can send
 * it elsewhere); redirects are never followed; the answer is read up to `maxBytes`. Whatever fails before an HTTP
 * answer (refused, unreachable, reset, time-out) is one neutral failure, so the errors never tell an open port from
 * a closed one.
 */
export interface PostOptions {
  timeoutMs: number;
  /** The address policy (a business's own address); undefined: the operator's ETIMS_API_BASE, trusted. */
  policy?: TargetOptions;
  maxBytes?: number;
}

export type PostOutcome =
  | { kind: 'answer'; status: number; body: string }
  /** The address is not one the server contacts (private, local, internal; or its name no longer resolves). */
  | { kind: 'refused_address'; reason: 'blocked' | 'unresolved' | 'invalid' }
  /** Nothing usable came back: not reached, refused, reset, too slow, or too long an answer. */
  | { kind: 'unreachable' };

const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export async function postJson(url: string, headers: Record<string, string>, body: string, opts: PostOptions): Promise<PostOutcome> {
  let target: { url: URL; address?: string; family?: number };
  if (opts.policy) {
    try {
      target = await resolveTarget(url, opts.policy);
    } catch (err) {
      if (!(err instanceof TargetError)) throw err;
      return {
        kind: 'refused_address',
        reason: err.reason === 'unresolved' ? 'unresolved' : err.reason === 'blocked' || err.reason === 'internal_name' ? 'blocked' : 'invalid',
      };
    }
  } else {
    try {
      target = { url: new URL(url) };
    } catch {
      return { kind: 'refused_address', reason: 'invalid' };
    }
  }
  const lib = target.url.protocol === 'https:' ? https : http;
  const maxBytes = opts.maxBytes ?? MAX_ANSWER_BYTES;
  return new Promise<PostOutcome>((resolve) => {
    let done = false;
    const finish = (outcome: PostOutcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // The connection is never reused (agent: false): it ends with the answer, read or not.
      req.destroy();
      resolve(outcome);
    };
    const req = lib.request(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // No pooled sockets: each connection goes to the address checked for this request.
        agent: false,
        ...(target.address ? { lookup: pinnedLookup({ address: target.address, family: target.family ?? 4 }) } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > maxBytes) finish({ kind: 'unreachable' });
          else chunks.push(c);
        });
        res.on('end', () => finish({ kind: 'answer', status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => finish({ kind: 'unreachable' }));
      },
    );
    // A hard deadline for the whole exchange (a server trickling bytes cannot hold it open).
    const timer = setTimeout(() => finish({ kind: 'unreachable' }), opts.timeoutMs);
    req.on('error', () => finish({ kind: 'unreachable' }));
    req.end(body);
  });
}
