import { createElement } from 'react';
// The one place that imports React Router's Link: every other file links through this one.
// eslint-disable-next-line no-restricted-imports
import { NavLink as RouterNavLink, Link as RouterLink, useLocation } from 'react-router';

type LinkProps = Parameters<typeof RouterLink>[0];
type NavLinkProps = Parameters<typeof RouterNavLink>[0];

/**
 * A path React Router's Link would render as it is: absolute, one leading slash, and a query or fragment only
 * with something in it (Link drops a bare '?' or '#').
 */
const PLAIN_PATH = /^\/(?!\/)[^?#]*(?:\?[^?#]+)?(?:#.+)?$/;

/** Link's own props, which it keeps off the <a> (a loop skips them: a destructuring rest of 13 names cost more). */
const NAVIGATION_OPTIONS = new Set([
  'to',
  'target',
  'onClick',
  'relative',
  'replace',
  'state',
  'preventScrollReset',
  'viewTransition',
  'defaultShouldRevalidate',
  'reloadDocument',
  'prefetch',
  'discover',
  'mask',
]);

/**
 * Link as a server render needs it: the `<a>` React Router's Link renders for a plain path, without its hooks
 * (location, navigator, click handler, prefetch), which only the browser uses. A visitor page has about 28 links,
 * and those hooks were about a tenth of its render (issue 30). Anything else (an object, a relative path,
 * `reloadDocument`, `prefetch`, `discover`, `mask`) is React Router's own Link. The markup is the same to the byte
 * (`link.test.tsx`), so the browser hydrates it as its own.
 */
export function ServerLink(props: LinkProps) {
  const { to, target, reloadDocument, prefetch, discover, mask } = props;
  if (typeof to !== 'string' || !PLAIN_PATH.test(to) || reloadDocument || mask || discover || (prefetch && prefetch !== 'none')) {
    return <RouterLink {...props} />;
  }
  // The <a> gets what Link puts on it, in Link's order: the rest of the props, then href, target and data-discover.
  const attributes: Record<string, unknown> = {};
  for (const key in props) if (!NAVIGATION_OPTIONS.has(key)) attributes[key] = props[key as keyof LinkProps];
  attributes.href = to;
  attributes.target = target;
  attributes['data-discover'] = 'true';
  return createElement('a', attributes);
}

/** A path whose letters need no URL encoding, so NavLink compares it with the location as it is. */
const PLAIN_PATHNAME = /^\/[A-Za-z0-9\-._~/]*$/;

/**
 * NavLink as a server render needs it: whether its path is the page's (React Router's rule: the same path, or
 * under it unless `end`; a server render is never mid-navigation, so never pending or transitioning), then
 * `ServerLink`. Anything `ServerLink` would hand on, or a path that needs encoding, is React Router's own NavLink.
 */
export function ServerNavLink(props: NavLinkProps) {
  const {
    'aria-current': ariaCurrentProp = 'page',
    caseSensitive = false,
    className: classNameProp = '',
    end = false,
    style: styleProp,
    to,
    viewTransition,
    children,
    ...rest
  } = props;
  const location = useLocation();
  const toPathname = typeof to === 'string' ? (to.split(/[?#]/, 1)[0] ?? '') : '';
  if (typeof to !== 'string' || !PLAIN_PATH.test(to) || !PLAIN_PATHNAME.test(toPathname) || viewTransition || rest.relative) {
    return <RouterNavLink {...props} />;
  }
  const here = caseSensitive ? location.pathname : location.pathname.toLowerCase();
  const path = caseSensitive ? toPathname : toPathname.toLowerCase();
  const endSlash = path !== '/' && path.endsWith('/') ? path.length - 1 : path.length;
  const isActive = here === path || (!end && here.startsWith(path) && here.charAt(endSlash) === '/');
  const renderProps = { isActive, isPending: false, isTransitioning: false };
  const className =
    typeof classNameProp === 'function'
      ? classNameProp(renderProps)
      : [classNameProp, isActive ? 'active' : null].filter(Boolean).join(' ');
  return (
    <ServerLink
      {...rest}
      aria-current={isActive ? ariaCurrentProp : undefined}
      className={className}
      style={typeof styleProp === 'function' ? styleProp(renderProps) : styleProp}
      to={to}
    >
      {typeof children === 'function' ? children(renderProps) : children}
    </ServerLink>
  );
}

/** React Router's Link in the browser; in the server build (`import.meta.env.SSR`), the hook-free `ServerLink`. */
export const Link = (import.meta.env.SSR ? ServerLink : RouterLink) as typeof RouterLink;
/** React Router's NavLink in the browser; in the server build, `ServerNavLink`. */
export const NavLink = (import.meta.env.SSR ? ServerNavLink : RouterNavLink) as typeof RouterNavLink;
