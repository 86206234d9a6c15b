import type { OutboundSender } from '../../lib/outbound-quota';

/** What every SMS sender (Africa's Talking, the outbox) answers; apart from service.ts so an adapter never imports its chooser. */
export type SmsResult = { ok: true; ref: string | null } | { ok: false; error: string };

export interface SmsSender {
  transport: 'africastalking' | 'outbox';
  /**
   * `to` in E.164 (+254712345678); `sender`: the account it is sent for (its quota; its rows go with it).
   * A refusal by the provider is { ok: false, error } in words a person can act on; only the outbound quota
   * throws (QuotaExceeded, a 429), before anything is sent.
   */
  send(to: string, message: string, sender: OutboundSender): Promise<SmsResult>;
}
