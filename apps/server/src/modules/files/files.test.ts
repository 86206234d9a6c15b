import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { openTestApp } from '../../test/harness';
import { getFiles, normaliseImage } from './service';
import { createDiskStore, isSafeKey } from './store';

const { app, ctx, config } = await openTestApp();

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();

describe('disk file store', () => {
  it('puts, gets, deletes and deletes by prefix', async () => {
    const store = createDiskStore(mkdtempSync(path.join(tmpdir(), 'duka-files-')));
    const data = await png(4, 4);
    await store.put('users/u1/logos/a.png', data, 'image/png');
    await store.put('users/u1/receipts/b.pdf', Buffer.from('%PDF'), 'application/pdf');
    await store.put('users/u2/logos/c.png', data, 'image/png');
    expect(await store.get('users/u1/logos/a.png')).toEqual({ buffer: data, contentType: 'image/png' });
    expect(await store.get('users/u1/logos/missing.png')).toBeNull();
    await store.delete('users/u1/logos/a.png');
    expect(await store.get('users/u1/logos/a.png')).toBeNull();
    await store.deletePrefix('users/u1/');
    expect(await store.get('users/u1/receipts/b.pdf')).toBeNull();
    expect(await store.get('users/u2/logos/c.png')).not.toBeNull();
    await store.deletePrefix('users/u2/logos/c');
    expect(await store.get('users/u2/logos/c.png')).toBeNull();
    await store.deletePrefix('users/nobody/');
  });

  it('refuses keys that could leave its folder and types that do not match the name', async () => {
    for (const key of ['../x.png', 'a/../../x.png', '/etc/passwd', 'a//b.png', 'a/./b.png', 'a\\..\\b.png', '', 'a/%2e%2e/b.png', 'a/b.png\0']) {
      expect(isSafeKey(key), key).toBe(false);
    }
    const root = mkdtempSync(path.join(tmpdir(), 'duka-files-'));
    const store = createDiskStore(root);
    await expect(store.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(AppError);
    await expect(store.deletePrefix('../')).rejects.toBeInstanceOf(AppError);
    expect(await store.get('../../etc/passwd')).toBeNull();
    await expect(store.put('users/u/a.exe', Buffer.from('x'), 'application/octet-stream')).rejects.toThrow(/content type/);
    await expect(store.put('users/u/a.png', Buffer.from('x'), 'text/html')).rejects.toThrow(/content type/);
    expect(readdirSync(root)).toEqual([]);
  });
});

describe('GET /api/files/*', () => {
  it('serves stored files with their type and long caching', async () => {
    const data = await png(8, 8);
    await getFiles(ctx).put('users/abc/logos/0123456789abcdef0123456789abcdef.png', data, 'image/png');
    const res = await app.inject({ method: 'GET', url: '/api/files/users/abc/logos/0123456789abcdef0123456789abcdef.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(data)).toBe(true);
  });

  it('answers 404 to unknown files and to path traversal attempts', async () => {
    writeFileSync(path.join(config.dataDir, 'secret.png'), 'top secret');
    for (const url of [
      '/api/files/users/abc/logos/none.png',
      '/api/files/../secret.png',
      '/api/files/..%2fsecret.png',
      '/api/files/users/..%2F..%2Fsecret.png',
      '/api/files/%2e%2e/secret.png',
      '/api/files/users/abc/logos',
      '/api/files/jwt-secret',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('top secret');
    }
  });
});

describe('normaliseImage', () => {
  it('keeps small images at their size and fits large ones into the box', async () => {
    const small = await normaliseImage(await png(40, 20), { maxSize: 512 });
    expect([small.width, small.height, small.contentType]).toEqual([40, 20, 'image/webp']);
    const tall = await normaliseImage(await png(300, 1200), { maxSize: 256, format: 'png' });
    expect([tall.width, tall.height, tall.contentType]).toEqual([64, 256, 'image/png']);
    expect((await sharp(tall.buffer).metadata()).format).toBe('png');
  });

  it('refuses what is not a PNG, JPEG or WebP image', async () => {
    await expect(normaliseImage(Buffer.from('hello'), { maxSize: 10 })).rejects.toMatchObject({ status: 415 });
    await expect(normaliseImage(Buffer.alloc(0), { maxSize: 10 })).rejects.toMatchObject({ status: 400 });
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    await expect(normaliseImage(tiff, { maxSize: 10 })).rejects.toMatchObject({ status: 415 });
  });
});
