import { ApiError, refreshAccessToken } from './api-client';
import { getAccessToken } from './cookies';

function fetchWithToken(url: string, token: string | null) {
  return fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
}

/** The name a `Content-Disposition: attachment; filename="..."` header gives, if any. */
export function attachmentName(header: string | null): string | null {
  const match = header ? /filename="([^"]+)"/u.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * A file from the API. The API takes the bearer token only (never a cookie), so a file is fetched with
 * it, not linked; a 401 refreshes the token once, as every other call does. An error answer throws
 * ApiError with the server's message and field errors.
 */
export async function fetchApiFile(url: string): Promise<{ blob: Blob; fileName: string | null }> {
  let res = await fetchWithToken(url, getAccessToken());
  if (res.status === 401 && (await refreshAccessToken())) res = await fetchWithToken(url, getAccessToken());
  if (!res.ok) {
    let body: { message?: string; errors?: Record<string, string> } = {};
    try {
      body = (await res.json()) as typeof body;
    } catch {
      body = {};
    }
    throw new ApiError(res.status, body.message ?? '', body.errors);
  }
  return { blob: await res.blob(), fileName: attachmentName(res.headers.get('content-disposition')) };
}

/** Hands a file to the browser's downloads. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
