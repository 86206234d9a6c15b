import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/** What the stand-in model answers one request: the assistant's text, or a whole HTTP answer (an error, a page). */
export type LlmAnswer = string | { status: number; body: string; type?: string };

export interface SeenRequest<B> {
  path?: string;
  auth?: string;
  body: B;
}

/**
 * A local server speaking OpenAI's Chat Completions protocol on 127.0.0.1 (POST /v1/chat/completions), as a model
 * behind AI_BASE_URL does: each request is kept in `seen` and answered by `answer` (which may wait, for time-outs).
 * Other paths get 404. Closed when the test file ends.
 */
export async function startLlmServer<B extends { model?: string }>(answer: (body: B) => LlmAnswer | Promise<LlmAnswer>) {
  const seen: SeenRequest<B>[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as B;
    seen.push({ path: req.url, auth: req.headers.authorization, body });
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
      return res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
    const a = await answer(body);
    if (typeof a !== 'string') return res.writeHead(a.status, { 'content-type': a.type ?? 'application/json' }).end(a.body);
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: a }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
      }),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen };
}
