import { AI_LANGUAGE_CODES, aiTypeInfo } from '@duka/core';
import { buildMessages } from './prompts';
import { type AiProvider, type GeneratedText, ProviderError } from './provider';

export interface OpenAiOptions {
  /** e.g. https://api.openai.com/v1, http://localhost:11434/v1 (Ollama), http://localhost:8080/v1 (llama.cpp). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** Replaces global fetch (tests). */
  fetch?: typeof fetch;
}

/** Splits "# Title\n\nbody" into title and content; strips reasoning blocks and code fences some models add. */
export function splitTitle(text: string, fallbackTitle: string): GeneratedText {
  let body = text.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  const fence = /^```(?:markdown|md)?\s*\n([\s\S]*?)\n```$/i.exec(body);
  if (fence) body = fence[1].trim();
  const m = /^#{1,3}\s+(.+?)\s*#*\s*(?:\n|$)/.exec(body);
  if (m) return { title: m[1].replace(/\*\*/g, '').slice(0, 200), content: body.slice(m[0].length).trim() || body };
  return { title: fallbackTitle, content: body };
}

/** Any OpenAI-compatible Chat Completions server: OpenAI, Groq, vLLM, Ollama, llama.cpp server… */
export function openAiProvider(opts: OpenAiOptions): AiProvider {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const doFetch = opts.fetch ?? fetch;
  return {
    name: `openai:${opts.model}`,
    writes: (language) => (AI_LANGUAGE_CODES as readonly string[]).includes(language),
    async generate(type, fields, language, extra = {}) {
      const timeout = AbortSignal.timeout(opts.timeoutMs);
      const signal = extra.signal ? AbortSignal.any([extra.signal, timeout]) : timeout;
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
          body: JSON.stringify({ model: opts.model, messages: buildMessages(type, fields, language, extra.source, extra.from), temperature: 0.8 }),
          signal,
        });
      } catch (err) {
        if (timeout.aborted) throw new ProviderError(`The AI provider did not answer within ${Math.round(opts.timeoutMs / 1000)} s. Please try again.`);
        throw new ProviderError(`Could not reach the AI provider (${(err as Error).message}). Please try again.`);
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        if (timeout.aborted) throw new ProviderError(`The AI provider did not answer within ${Math.round(opts.timeoutMs / 1000)} s. Please try again.`);
        throw new ProviderError(`The AI provider sent an answer that is not JSON (HTTP ${res.status}).`);
      }
      if (!res.ok) {
        const detail = (body as { error?: { message?: unknown } })?.error?.message;
        throw new ProviderError(`The AI provider refused the request (HTTP ${res.status}${typeof detail === 'string' ? `: ${detail.slice(0, 300)}` : ''}).`);
      }
      const content = (body as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || !content.trim()) throw new ProviderError('The AI provider sent an empty answer. Please try again.');
      return splitTitle(content, aiTypeInfo(type).label);
    },
  };
}
