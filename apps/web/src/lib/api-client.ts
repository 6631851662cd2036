import type { ErrorBody, PageMeta, SuccessBody } from '@dealer/shared';
import { clearAccessToken, getAccessToken, setAccessToken } from './cookies';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Upload progress (0..1) for multipart bodies. */
  onUploadProgress?: (fraction: number) => void;
  /** Skip the refresh-and-retry dance (used by the auth calls themselves). */
  noRefresh?: boolean;
  /** Send no bearer token and never refresh: login and register, where a stale token must not get in the way. */
  anonymous?: boolean;
}

export function buildUrl(path: string, query?: Query): string {
  const url = path.startsWith('/') ? path : `/${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

type Fetcher = (url: string, init: RequestInit) => Promise<Response>;
let fetcher: Fetcher = (url, init) => fetch(url, init);

/** The server renderer answers the API calls in process: its requests have no page origin to be relative to. */
export function setApiFetch(next: Fetcher) {
  fetcher = next;
}

let refreshing: Promise<boolean> | null = null;
let onSessionLost: (() => void) | null = null;

/** The session layer learns here when a refresh fails, so it can log the user out. */
export function setSessionLostHandler(handler: (() => void) | null) {
  onSessionLost = handler;
}

/** Exchanges the httpOnly refresh cookie for a new access token; shared by concurrent callers. */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const res = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' });
      if (!res.ok) return false;
      const body = (await res.json()) as SuccessBody<unknown>;
      if (!body.tokens?.accessToken) return false;
      setAccessToken(body.tokens.accessToken);
      return true;
    } catch {
      return false;
    } finally {
      setTimeout(() => {
        refreshing = null;
      }, 0);
    }
  })();
  return refreshing;
}

interface RawResponse {
  status: number;
  body: unknown;
}

function send(url: string, options: RequestOptions, token: string | null): Promise<RawResponse> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const payload = options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body);

  if (isForm && options.onUploadProgress) {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(options.method ?? 'POST', url);
      for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (e) => e.lengthComputable && options.onUploadProgress?.(e.loaded / e.total);
      xhr.onload = () => {
        let body: unknown = null;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = null;
        }
        resolve({ status: xhr.status, body });
      };
      xhr.onerror = () => reject(new ApiError(0, ''));
      options.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(payload as FormData);
    });
  }

  return fetcher(url, { method: options.method ?? 'GET', headers, body: payload, signal: options.signal, credentials: 'same-origin' }).then(
    async (res) => {
      let body: unknown = null;
      try {
        body = await res.json();
      } catch {
        body = null;
      }
      return { status: res.status, body };
    },
    (error: unknown) => {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError(0, '');
    },
  );
}

/** Calls the API and returns the whole success envelope; throws ApiError otherwise. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<SuccessBody<T>> {
  const url = buildUrl(path, options.query);
  let token = options.anonymous ? null : getAccessToken();
  let res = await send(url, options, token);
  if (res.status === 401 && !options.noRefresh && !options.anonymous) {
    const refreshed = await refreshAccessToken();
    token = refreshed ? getAccessToken() : null;
    if (!refreshed) {
      clearAccessToken();
      onSessionLost?.();
    }
    res = await send(url, options, token);
  }
  if (res.status >= 200 && res.status < 300) return (res.body ?? { status: 'SUCCESS', data: null }) as SuccessBody<T>;
  const error = (res.body ?? {}) as Partial<ErrorBody>;
  throw new ApiError(res.status, error.message ?? '', error.errors);
}

export const api = {
  get: async <T>(path: string, query?: Query, signal?: AbortSignal) => (await apiRequest<T>(path, { query, signal })).data,
  list: async <T>(path: string, query?: Query, signal?: AbortSignal) => {
    const body = await apiRequest<T[]>(path, { query, signal });
    return { data: body.data, meta: body.meta as PageMeta };
  },
  post: async <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body' | 'method'>) =>
    (await apiRequest<T>(path, { ...options, method: 'POST', body })).data,
  patch: async <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body' | 'method'>) =>
    (await apiRequest<T>(path, { ...options, method: 'PATCH', body })).data,
  put: async <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body' | 'method'>) =>
    (await apiRequest<T>(path, { ...options, method: 'PUT', body })).data,
  delete: async <T>(path: string) => (await apiRequest<T>(path, { method: 'DELETE' })).data,
};
