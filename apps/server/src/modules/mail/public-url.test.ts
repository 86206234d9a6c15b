import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { hostMismatchWarning, publicUrlWarning, warnAboutPublicUrl } from './public-url';

describe('PUBLIC_URL warnings', () => {
  it('warns at start-up when PUBLIC_URL is this machine only but the server listens on every address', () => {
    expect(publicUrlWarning({ publicUrl: 'http://localhost:3000', host: '0.0.0.0' })).toContain('PUBLIC_URL is http://localhost:3000');
    expect(publicUrlWarning({ publicUrl: 'http://127.0.0.1:3000', host: '::' })).toContain('Set PUBLIC_URL=');
  });

  it('is quiet when PUBLIC_URL is a real address, or when the server listens on this machine only', () => {
    expect(publicUrlWarning({ publicUrl: 'https://duka.example.com', host: '0.0.0.0' })).toBeNull();
    expect(publicUrlWarning({ publicUrl: 'http://localhost:3000', host: '127.0.0.1' })).toBeNull();
    expect(publicUrlWarning({ publicUrl: 'http://localhost:3000', host: 'localhost' })).toBeNull();
  });

  it('names the address a request came under and the PUBLIC_URL to set', () => {
    expect(hostMismatchWarning('http://localhost:3000', 'shop.example.co.ke')).toBe(
      'Duka is reached at shop.example.co.ke but PUBLIC_URL is http://localhost:3000: links in e-mails will not open for customers. Set PUBLIC_URL to the address they use (e.g. https://shop.example.co.ke).',
    );
    expect(hostMismatchWarning('http://localhost:3000', '192.168.1.20:3000')).toContain('https://192.168.1.20)');
  });

  it('says nothing for loopback hosts, a real PUBLIC_URL, or a Host header that is not a plain host name', () => {
    expect(hostMismatchWarning('http://localhost:3000', 'localhost:3000')).toBeNull();
    expect(hostMismatchWarning('http://localhost:3000', '127.0.0.1:3000')).toBeNull();
    expect(hostMismatchWarning('https://duka.example.com', 'other.example.com')).toBeNull();
    expect(hostMismatchWarning('http://localhost:3000', 'evil.com\nFAKE LOG LINE')).toBeNull();
    expect(hostMismatchWarning('http://localhost:3000', undefined)).toBeNull();
  });

  it('logs the mismatch once, at the first request under another name', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'warn', stream: { write: (l: string) => lines.push(l) } } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    warnAboutPublicUrl(app, { publicUrl: 'http://localhost:3000', host: '0.0.0.0' });
    app.get('/x', async () => ({ ok: true }));
    await app.ready();
    expect(warn.mock.calls.join('\n')).toContain('PUBLIC_URL is http://localhost:3000');
    warn.mockRestore();
    await app.inject({ url: '/x', headers: { host: 'localhost:3000' } });
    expect(lines).toEqual([]);
    for (const host of ['shop.example.com', 'shop.example.com', 'other.example.com']) {
      expect((await app.inject({ url: '/x', headers: { host } })).statusCode).toBe(200);
    }
    expect(lines.filter((l) => l.includes('PUBLIC_URL'))).toHaveLength(1);
    expect(JSON.parse(lines[0]).msg).toContain('reached at shop.example.com');
    await app.close();
  });
});
