import {
  API_MOUNT,
  type ApiErrorBody,
  type ApiRoutes,
  fillPath,
  OPEN_ROUTES,
  type RouteBody,
  type RouteKey,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
  splitRouteKey,
} from '@duka/core';
import { getToken } from './token';

/** The API base; a native shell pointing at a remote server sets VITE_API_BASE (default /api). */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? API_MOUNT;

/**
 * A failed call: the server's status, code, message and field errors; status 0 means the network failed
 * (code 'network', with `timedOut` when the server did not answer in time). Show it with ui/errors.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly timedOut = false,
    /** A 429's Retry-After, in seconds (when the server sent one). */
    readonly retryAfterSeconds?: number,
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
  /** Ask for the answer as bytes (a Blob) rather than JSON. */
  blob?: boolean;
  /** Let the request finish after the page is left (fire-and-forget beacons). */
  keepalive?: boolean;
}

/**
 * The low-level fetch under the typed client (and the sync engine, whose collections are named at run time).
 * Throws ApiError with the server's message.
 */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
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
    res = await fetch(`${API_BASE}${path}`, {
      method: opts.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal,
      ...(opts.keepalive ? { keepalive: true } : {}),
    });
  } catch (e) {
    const timedOut = e instanceof Error && e.name === 'TimeoutError';
    throw new ApiError(0, 'network', timedOut ? 'The server took too long to answer' : 'You appear to be offline', undefined, timedOut);
  }
  if (res.ok && opts.blob) return (await res.blob()) as T;
  const text = await res.text();
  const data = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const err = (data as ApiErrorBody | undefined)?.error;
    const retryAfter = Number(res.headers.get('retry-after') ?? NaN);
    throw new ApiError(
      res.status,
      err?.code ?? 'http_error',
      err?.message ?? `Request failed (${res.status})`,
      err?.fields,
      false,
      Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
    );
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

type Has<K extends RouteKey, F extends string> = ApiRoutes[K] extends Record<F, unknown> ? true : false;
type Multipart<K extends RouteKey> = ApiRoutes[K] extends { multipart: true } ? true : false;

/** What one call sends: params when the path has any, query and body when the route reads them. */
export type CallOptions<K extends RouteKey> = (Has<K, 'params'> extends true ? { params: RouteParams<K> } : { params?: never }) &
  (Has<K, 'query'> extends true ? { query?: RouteQuery<K> } : { query?: never }) &
  (Has<K, 'body'> extends true
    ? Multipart<K> extends true
      ? { body: RouteBody<K>; form?: never } | { form: FormData; body?: never }
      : { body: RouteBody<K> }
    : Multipart<K> extends true
      ? { form: FormData; body?: never }
      : { body?: never }) & {
    signal?: AbortSignal;
    timeoutMs?: number;
    keepalive?: boolean;
  };

export type Args<K extends RouteKey> =
  Has<K, 'params'> extends true
    ? [opts: CallOptions<K>]
    : Has<K, 'body'> extends true
      ? [opts: CallOptions<K>]
      : Multipart<K> extends true
        ? [opts: CallOptions<K>]
        : [opts?: CallOptions<K>];

export type JsonKey = { [K in RouteKey]: ApiRoutes[K] extends { binary: true } ? never : K }[RouteKey];
type BinaryKey = Exclude<RouteKey, JsonKey>;

const open = new Set<string>(OPEN_ROUTES);

function toRequest(
  key: RouteKey,
  opts: { params?: unknown; query?: unknown; body?: unknown; form?: FormData; signal?: AbortSignal; timeoutMs?: number; keepalive?: boolean } = {},
) {
  const { method, path } = splitRouteKey(key);
  let url = fillPath(path, opts.params as Record<string, string> | undefined);
  if (opts.query) {
    const qs = Object.entries(opts.query as Record<string, unknown>)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
      .join('&');
    if (qs) url += `?${qs}`;
  }
  const options: RequestOptions = { method, auth: !open.has(key), signal: opts.signal, timeoutMs: opts.timeoutMs, keepalive: opts.keepalive };
  if (opts.form) options.form = opts.form;
  else if (opts.body !== undefined) options.body = opts.body;
  return { url, options };
}

/**
 * The typed API client: `api('POST /invoices/:id/email', { params: { id }, body: { to } })`. Paths, request
 * and answer types come from core's route map (API_ROUTES), so the web and the server share one contract;
 * open routes (no token) are the map's. Throws ApiError (ui/errors turns it into what the user reads).
 */
export function api<K extends JsonKey>(key: K, ...args: Args<K>): Promise<RouteResponse<K>> {
  const { url, options } = toRequest(key, args[0] as never);
  return request<RouteResponse<K>>(url, options);
}

/** What sends one request: `request` here; the sync engine's can be replaced (tests). */
export type Transport = <T>(path: string, opts?: RequestOptions) => Promise<T>;

/** The typed client over another transport: the same keys, paths and types as `api`. */
export function typedClient(transport: Transport) {
  return <K extends JsonKey>(key: K, ...args: Args<K>): Promise<RouteResponse<K>> => {
    const { url, options } = toRequest(key, args[0] as never);
    return transport<RouteResponse<K>>(url, options);
  };
}
export type TypedCall = ReturnType<typeof typedClient>;

/** The path and query of a typed call, without the API base: for links a customer opens (PDFs). */
export function routePath<K extends RouteKey>(key: K, ...args: Args<K>): string {
  return toRequest(key, args[0] as never).url;
}

/** The typed client for routes that answer bytes (PDFs, images). */
export function apiBlob<K extends BinaryKey>(key: K, ...args: Args<K>): Promise<Blob> {
  const { url, options } = toRequest(key, args[0] as never);
  return request<Blob>(url, { ...options, blob: true });
}
