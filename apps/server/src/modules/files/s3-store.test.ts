import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestApp, signUp } from '../../test/harness';
import { startS3Server } from '../../test/s3-server';
import { createS3Store } from './s3-store';

const credentials = { accessKeyId: 'DUKATESTKEY', secretAccessKey: 'duka-test-secret-0123456789' };
const s3 = await startS3Server({ bucket: 'duka-files', ...credentials, region: 'eu-west-1', pageSize: 2 });
afterAll(() => s3.close());
const config = { bucket: 'duka-files', region: 'eu-west-1', endpoint: s3.endpoint, ...credentials };

describe('S3 file store (against a local server speaking S3 with Signature V4)', () => {
  it('puts, gets, deletes, and deletes a prefix across list pages', async () => {
    const store = createS3Store(config);
    await store.put('users/u1/logos/a.png', Buffer.from('png-bytes'), 'image/png');
    for (let i = 0; i < 5; i++) await store.put(`users/u1/receipts/r${i}.pdf`, Buffer.from(`%PDF ${i}`), 'application/pdf');
    await store.put('users/u2/logos/b.png', Buffer.from('other'), 'image/png');
    expect(await store.get('users/u1/logos/a.png')).toEqual({ buffer: Buffer.from('png-bytes'), contentType: 'image/png' });
    expect(await store.get('users/u1/logos/missing.png')).toBeNull();
    await store.delete('users/u1/logos/a.png');
    expect(await store.get('users/u1/logos/a.png')).toBeNull();
    await store.deletePrefix('users/u1/'); // 5 keys, 2 a page: three list calls
    expect([...s3.objects.keys()]).toEqual(['users/u2/logos/b.png']);
    expect(s3.requests.filter((r) => r.method === 'GET' && r.path === '/duka-files').length).toBeGreaterThanOrEqual(3);
  });

  it('fails loudly on a wrong secret (the server checks the signature) and refuses unsafe keys', async () => {
    const wrong = createS3Store({ ...config, secretAccessKey: 'not-the-secret' });
    await expect(wrong.put('users/u3/a.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/403 SignatureDoesNotMatch/);
    await expect(createS3Store(config).put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/not valid/);
    expect(() => createS3Store({ ...config, secretAccessKey: '' })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });

  it('with S3_* set the app keeps logos in the bucket, serves them, and removes them with the account', async () => {
    const { app } = await openTestApp({ s3: config });
    const u = await signUp(app);
    const logo = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 10, g: 120, b: 80 } } })
      .png()
      .toBuffer();
    const boundary = '----duka';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="user[logo]"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
      logo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/users/${u.username}`,
      headers: { ...u.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const stored = [...s3.objects.keys()].filter((k) => k.startsWith(`users/${u.userId}/`));
    expect(stored).toHaveLength(1);
    const served = await app.inject({ method: 'GET', url: res.json().logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(s3.objects.get(stored[0])!.body)).toBe(true);
    expect((await app.inject({ method: 'DELETE', url: '/api/users/delete', headers: u.auth })).statusCode).toBe(200);
    expect([...s3.objects.keys()].filter((k) => k.startsWith(`users/${u.userId}/`))).toEqual([]);
  });
});
