const ACCESS_TOKEN = 'accessToken';

export function getAccessToken(): string | null {
  // The server renders every page as an anonymous visitor.
  if (typeof document === 'undefined') return null;
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${ACCESS_TOKEN}=`));
  return match ? decodeURIComponent(match.slice(ACCESS_TOKEN.length + 1)) : null;
}

export function setAccessToken(token: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${ACCESS_TOKEN}=${encodeURIComponent(token)}; Path=/; SameSite=Strict${secure}`;
}

export function clearAccessToken(): void {
  document.cookie = `${ACCESS_TOKEN}=; Path=/; Max-Age=0; SameSite=Strict`;
}
