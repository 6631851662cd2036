import type { Config } from '../config';

/**
 * The site's public address, without a trailing slash: PUBLIC_URL, else http://localhost:PORT. Absolute
 * links (sitemap, robots.txt, canonical and preview tags, reset links) are built from it and never
 * from the request's Host header, which any client sets and a shared cache would then serve to all.
 */
export function publicBaseUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

/** The origin (scheme, host, port) of the public address, as browsers send it in `Origin`. */
export function publicOrigin(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return new URL(publicBaseUrl(config)).origin;
}
