import { getToken } from './session';

/** The API base; a native shell pointing at a remote server sets VITE_API_BASE (default /api). */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Sent as multipart when a FormData is given. */
  form?: FormData;
  signal?: AbortSignal;
  /** Defaults to true: send the stored token as a Bearer header. */
  auth?: boolean;
  timeoutMs?: number;
}

/** JSON fetch against the API. Throws ApiError with the server's message; status 0 means the network failed. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = opts.auth === false ? null : getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? 60_000);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { method: opts.method ?? (body ? 'POST' : 'GET'), headers, body, signal });
  } catch (e) {
    throw new ApiError(0, 'network', e instanceof Error && e.name === 'TimeoutError' ? 'The server took too long to answer' : 'You appear to be offline');
  }
  const text = await res.text();
  const data = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const err = (data as ApiErrorBody | undefined)?.error;
    throw new ApiError(res.status, err?.code ?? 'http_error', err?.message ?? `Request failed (${res.status})`, err?.fields);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
