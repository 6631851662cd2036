/**
 * The page's one inline script (the CSP allows it by its hash, worked out by the server from the built
 * index.html). It starts the app's JavaScript once the page has painted its largest image, instead of
 * with the HTML: the image is what a visitor waits for, and the scripts (about 60 KB) would otherwise
 * share the line with it. A server-rendered page reads and its links and list forms work before.
 *
 * The build (`vite.config.ts`) puts the entry chunk's address in `<meta name="app-entry">`; the server
 * puts the page's own chunks in `<meta name="app-chunk">` (`entry-server.tsx`), preloaded here with it.
 */
export function boot(): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const chunk of document.querySelectorAll<HTMLMetaElement>('meta[name="app-chunk"]')) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = chunk.content;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.src = document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')!.content;
    document.head.append(script);
  };
  // The frame that paints it, then the task after that frame.
  const afterNextPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  // However slow the image: a hidden tab paints nothing, and a stalled photo must not hold the app back.
  setTimeout(start, 3000);
  document.addEventListener('DOMContentLoaded', () => {
    const largest = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
    // The app shell (account and admin pages) has nothing to paint before its scripts.
    if (!document.getElementById('ssr-state') || document.hidden) start();
    else if (largest && !largest.complete) {
      largest.addEventListener('load', afterNextPaint);
      largest.addEventListener('error', start);
    } else afterNextPaint();
  });
}

/** The script's text as it goes into the page. */
export const BOOT_SCRIPT = `(${boot.toString()})()`;
