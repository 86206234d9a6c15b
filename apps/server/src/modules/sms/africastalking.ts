import http from 'node:http';
import https from 'node:https';
import type { SmsResult, SmsSender } from './types';

/** A POST over keep-alive connections (node:http: about 4× the throughput of fetch for thousands of small calls). */
function postForm(url: URL, agent: http.Agent, headers: Record<string, string>, body: string, timeoutMs: number): Promise<{ status: number; text: string }> {
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Africa's Talking SMS (POST {base}/version1/messaging, form-encoded username/to/message, header apiKey).
 * Live base https://api.africastalking.com, sandbox https://api.sandbox.africastalking.com (AT_API_BASE).
 * A recipient's statusCode 100–102 (Processed, Sent, Queued) is success; anything else is said as AT says it.
 */
export function createAfricasTalkingSender(opts: { username: string; apiKey: string; apiBase: string; from?: string; timeoutMs?: number }): SmsSender {
  const url = new URL(`${opts.apiBase.replace(/\/+$/, '')}/version1/messaging`);
  const agent = url.protocol === 'https:' ? new https.Agent({ keepAlive: true, maxSockets: 64 }) : new http.Agent({ keepAlive: true, maxSockets: 64 });
  const headers = { apiKey: opts.apiKey, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' };
  return {
    transport: 'africastalking',
    async send(to, message): Promise<SmsResult> {
      const form = new URLSearchParams({ username: opts.username, to, message });
      if (opts.from) form.set('from', opts.from);
      let res: { status: number; text: string };
      try {
        res = await postForm(url, agent, headers, form.toString(), opts.timeoutMs ?? 15_000);
      } catch (e) {
        return {
          ok: false,
          error: e instanceof Error && e.name === 'TimeoutError' ? "Africa's Talking did not answer in time" : "Africa's Talking could not be reached",
        };
      }
      if (res.status < 200 || res.status >= 300) return { ok: false, error: `Africa's Talking refused the message (${res.status}): ${res.text.slice(0, 200)}` };
      let body: { SMSMessageData?: { Message?: string; Recipients?: Array<{ statusCode?: number; status?: string; messageId?: string; number?: string }> } };
      try {
        body = JSON.parse(res.text);
      } catch {
        return { ok: false, error: "Africa's Talking answered something that is not JSON" };
      }
      const r = body.SMSMessageData?.Recipients?.[0];
      if (!r) return { ok: false, error: body.SMSMessageData?.Message || 'No recipient accepted the message' };
      if (r.statusCode !== undefined && r.statusCode >= 100 && r.statusCode <= 102) return { ok: true, ref: r.messageId ?? null };
      return { ok: false, error: `SMS not sent: ${r.status ?? 'unknown status'}` };
    },
  };
}
