import type { SmsResult, SmsSender } from './service';

/**
 * Africa's Talking SMS (POST {base}/version1/messaging, form-encoded username/to/message, header apiKey).
 * Live base https://api.africastalking.com, sandbox https://api.sandbox.africastalking.com (AT_API_BASE).
 * A recipient's statusCode 100–102 (Processed, Sent, Queued) is success; anything else is said as AT says it.
 */
export function createAfricasTalkingSender(opts: { username: string; apiKey: string; apiBase: string; from?: string; timeoutMs?: number }): SmsSender {
  const url = `${opts.apiBase.replace(/\/+$/, '')}/version1/messaging`;
  return {
    transport: 'africastalking',
    async send(to, message): Promise<SmsResult> {
      const form = new URLSearchParams({ username: opts.username, to, message });
      if (opts.from) form.set('from', opts.from);
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { apiKey: opts.apiKey, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
        });
      } catch (e) {
        return { ok: false, error: e instanceof Error && e.name === 'TimeoutError' ? "Africa's Talking did not answer in time" : "Africa's Talking could not be reached" };
      }
      const text = await res.text();
      if (!res.ok) return { ok: false, error: `Africa's Talking refused the message (${res.status}): ${text.slice(0, 200)}` };
      let body: { SMSMessageData?: { Message?: string; Recipients?: Array<{ statusCode?: number; status?: string; messageId?: string; number?: string }> } };
      try {
        body = JSON.parse(text);
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
