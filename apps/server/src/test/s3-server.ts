import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';

/**
 * A small S3-compatible server for tests, speaking the protocol the S3 store uses: path-style
 * PUT/GET/DELETE of objects and ListObjectsV2 (paged, `pageSize` keys a page, with continuation tokens),
 * S3's XML error bodies, and AWS Signature V4 checked on every request (403 SignatureDoesNotMatch).
 */
export async function startS3Server(opts: { bucket: string; accessKeyId: string; secretAccessKey: string; region?: string; pageSize?: number }) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: { method: string; path: string }[] = [];
  const region = opts.region ?? 'us-east-1';
  const pageSize = opts.pageSize ?? 1000;
  const xmlError = (code: string, message: string) => `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  async function signatureOk(req: IncomingMessage, url: URL): Promise<boolean> {
    const auth = req.headers.authorization ?? '';
    const signed = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
    const datetime = String(req.headers['x-amz-date'] ?? '');
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${opts.accessKeyId}/`) || !datetime) return false;
    const headers: Record<string, string> = {};
    for (const h of signed) if (h !== 'host' && h !== 'x-amz-date') headers[h] = String(req.headers[h] ?? '');
    const expected = await new AwsV4Signer({
      method: req.method,
      url: url.toString(),
      headers,
      accessKeyId: opts.accessKeyId,
      secretAccessKey: opts.secretAccessKey,
      region,
      service: 's3',
      datetime,
    }).sign();
    return expected.headers.get('authorization') === auth;
  }

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    requests.push({ method: req.method ?? '', path: url.pathname });
    const send = (status: number, body = '', type = 'application/xml') => res.writeHead(status, { 'content-type': type }).end(body);
    if (!(await signatureOk(req, url)))
      return send(403, xmlError('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.'));
    const [, bucket, ...rest] = url.pathname.split('/');
    if (bucket !== opts.bucket) return send(404, xmlError('NoSuchBucket', 'The specified bucket does not exist'));
    const key = rest.map(decodeURIComponent).join('/');
    if (!key && req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const start = Number(url.searchParams.get('continuation-token') ?? 0);
      const page = all.slice(start, start + pageSize);
      const more = start + pageSize < all.length;
      return send(
        200,
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${opts.bucket}</Name><Prefix>${esc(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${start + pageSize}</NextContinuationToken>` : ''}${page.map((k) => `<Contents><Key>${esc(k)}</Key><Size>${objects.get(k)!.body.length}</Size></Contents>`).join('')}</ListBucketResult>`,
      );
    }
    if (!key) return send(400, xmlError('InvalidRequest', 'Unsupported bucket operation'));
    if (req.method === 'PUT') {
      objects.set(key, { body: Buffer.concat(chunks), contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
      return send(200, '');
    }
    if (req.method === 'GET') {
      const o = objects.get(key);
      if (!o) return send(404, xmlError('NoSuchKey', 'The specified key does not exist.'));
      return res.writeHead(200, { 'content-type': o.contentType, 'content-length': o.body.length }).end(o.body);
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      return res.writeHead(204).end();
    }
    return send(405, xmlError('MethodNotAllowed', 'The specified method is not allowed against this resource.'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { endpoint, objects, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}
