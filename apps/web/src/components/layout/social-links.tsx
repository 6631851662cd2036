import type { ComponentType } from 'react';

// Brand marks are not in lucide; small inline SVGs keep them offline and CSP-safe.
const svg = (d: string): ComponentType => {
  const Icon = () => (
    <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden>
      <path d={d} />
    </svg>
  );
  return Icon;
};

/** Drawn in outline (rounded square, lens, flash): a filled path of the same shapes paints a blank square. */
function InstagramIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1.2" fill="currentColor" stroke="none" />
    </svg>
  );
}

export const SOCIAL_LINKS = [
  {
    label: 'Facebook',
    href: 'https://www.facebook.com/',
    Icon: svg('M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z'),
  },
  {
    label: 'Instagram',
    href: 'https://www.instagram.com/',
    Icon: InstagramIcon,
  },
  {
    label: 'X',
    href: 'https://x.com/',
    Icon: svg('M17.8 3h3.1l-6.8 7.8 8 10.2h-6.3l-4.9-6.4L5.3 21H2.2l7.3-8.3L1.8 3h6.4l4.4 5.9zm-1.1 16.2h1.7L7.3 4.7H5.5z'),
  },
  {
    label: 'YouTube',
    href: 'https://www.youtube.com/',
    Icon: svg('M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.8 15V9l5.8 3z'),
  },
] as const;
