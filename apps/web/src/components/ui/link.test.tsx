import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
// The test compares the server's links with React Router's own.
// eslint-disable-next-line no-restricted-imports
import { Link as RouterLink, NavLink as RouterNavLink, StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ServerLink, ServerNavLink } from './link';

type LinkProps = Parameters<typeof RouterLink>[0];
type NavLinkProps = Parameters<typeof RouterNavLink>[0];

const at = (location: string, element: ReactElement) => renderToString(<StaticRouter location={location}>{element}</StaticRouter>);

const LINKS: LinkProps[] = [
  { to: '/', children: 'Home' },
  { to: '/vehicle-sales?page=2&sort=price:asc', className: 'a b', children: 'Next' },
  { to: '/vehicles/abc#photos', 'aria-label': 'View Details: 2021 Toyota', state: { from: '/x' }, replace: true, children: 'View' },
  { to: '/about', target: '_blank', rel: 'noopener', onClick: () => undefined, preventScrollReset: true, children: 'About' },
  // Handed to React Router's Link as they are.
  { to: '/vehicle-sales?', children: 'bare query' },
  { to: 'vehicles', children: 'relative' },
  { to: '//example.com/x', children: 'protocol-relative' },
  { to: { pathname: '/vehicles', search: '?page=3' }, children: 'object' },
  { to: '/contact', reloadDocument: true, children: 'reload' },
  { to: '/contact', discover: 'none', children: 'no discovery' },
];

const NAV_LINKS: NavLinkProps[] = [
  { to: '/', end: true, className: ({ isActive }) => (isActive ? 'on' : 'off'), children: 'Home' },
  { to: '/vehicle-sales', className: ({ isActive }) => (isActive ? 'on' : 'off'), children: 'Buy' },
  { to: '/vehicle-sales', end: true, className: 'plain', children: 'Buy exactly' },
  { to: '/vehicle', className: 'plain', children: 'A prefix, not a parent' },
  { to: '/Vehicle-Sales', caseSensitive: true, children: 'case' },
  { to: '/vehicle-sales/', 'aria-current': 'location', style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }), children: 'slash' },
  { to: '/maintenance', children: ({ isActive }) => (isActive ? 'here' : 'there') },
  // Handed to React Router's NavLink as they are.
  { to: '/vehicles/caf%C3%A9', children: 'encoded' },
  { to: '/vehicle-sales', viewTransition: true, children: 'transition' },
];

const LOCATIONS = ['/', '/vehicle-sales', '/vehicle-sales/2', '/vehicle-sales?page=2', '/maintenance'];

describe('ServerLink', () => {
  it.each(LINKS.map((props, i) => [i, props] as const))('renders case %i as React Router Link does, to the byte', (_i, props) => {
    const html = at('/vehicle-sales', <ServerLink {...props} />);
    expect(html).toBe(at('/vehicle-sales', <RouterLink {...props} />));
    expect(html).toContain('<a ');
  });
});

describe('ServerNavLink', () => {
  for (const location of LOCATIONS) {
    it.each(NAV_LINKS.map((props, i) => [i, props] as const))(`renders case %i at ${location} as React Router NavLink does`, (_i, props) => {
      expect(at(location, <ServerNavLink {...props} />)).toBe(at(location, <RouterNavLink {...props} />));
    });
  }

  it('marks the current page, and only it', () => {
    const html = at('/vehicle-sales', <ServerNavLink {...NAV_LINKS[1]!} />);
    expect(html).toContain('aria-current="page"');
    expect(html).toContain('class="on"');
    expect(at('/maintenance', <ServerNavLink {...NAV_LINKS[1]!} />)).not.toContain('aria-current');
  });
});
