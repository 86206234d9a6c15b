import { AwsClient } from 'aws4fetch';
import type { S3Config } from '../../config';
import { AppError } from '../../lib/errors';
import { type FileStore, isSafeKey } from './store';

/**
 * Files in any S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2…), signed with AWS
 * Signature V4 (aws4fetch). With S3_ENDPOINT the bucket is addressed path-style (endpoint/bucket/key),
 * which every S3-compatible store accepts; without it, AWS's virtual-hosted style for the region.
 */
export function createS3Store(config: S3Config): FileStore {
  if (!config.accessKeyId || !config.secretAccessKey) throw new Error('S3_BUCKET is set but S3_ACCESS_KEY_ID or S3_SECRET_ACCESS_KEY is missing');
  const client = new AwsClient({ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region, service: 's3' });
  const bucketUrl = config.endpoint ? `${config.endpoint}/${encodeURIComponent(config.bucket)}` : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
  const objectUrl = (key: string) => {
    if (!isSafeKey(key)) throw new AppError('bad_request', 'The file name is not valid');
    return `${bucketUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
  };
  const fail = async (what: string, res: Response) => {
    const body = await res.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? res.statusText;
    return new Error(`S3 ${what} failed: ${res.status} ${code}`);
  };

  async function listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const url = new URL(bucketUrl);
      url.searchParams.set('list-type', '2');
      url.searchParams.set('prefix', prefix);
      if (token) url.searchParams.set('continuation-token', token);
      const res = await client.fetch(url.toString());
      if (!res.ok) throw await fail('list', res);
      const xml = await res.text();
      for (const m of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(decodeXml(m[1]));
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
        ? decodeXml(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '') || undefined
        : undefined;
    } while (token);
    return keys;
  }

  return {
    async put(key, buffer, contentType) {
      const res = await client.fetch(objectUrl(key), { method: 'PUT', body: new Uint8Array(buffer), headers: { 'content-type': contentType } });
      if (!res.ok) throw await fail('upload', res);
    },
    async get(key) {
      const res = await client.fetch(objectUrl(key));
      if (res.status === 404) return null;
      if (!res.ok) throw await fail('download', res);
      return { buffer: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
    },
    async delete(key) {
      const res = await client.fetch(objectUrl(key), { method: 'DELETE' });
      if (!res.ok && res.status !== 404) throw await fail('delete', res);
    },
    async deletePrefix(prefix) {
      for (const key of await listKeys(prefix)) await this.delete(key);
    },
  };
}

function decodeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
