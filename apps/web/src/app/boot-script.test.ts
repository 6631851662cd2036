import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boot } from './boot-script';

/** The head the build and the server write, and a body with or without the server's state block. */
function page({ rendered, image }: { rendered: boolean; image: boolean }) {
  document.head.innerHTML =
    '<meta name="app-entry" content="/assets/index-abc.js"><meta name="app-chunk" content="/assets/home-def.js"><meta name="app-chunk" content="/assets/visitor-ghi.js">';
  document.body.innerHTML = `<div id="root">${image ? '<img fetchpriority="high" src="/cover.webp">' : ''}</div>${rendered ? '<script type="application/json" id="ssr-state">{}</script>' : ''}`;
}

const entryScripts = () => [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'));
const preloads = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

async function domContentLoaded() {
  boot();
  document.dispatchEvent(new Event('DOMContentLoaded'));
  await vi.advanceTimersByTimeAsync(0);
}

describe('boot script', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('starts a rendered page only once its largest image has loaded and painted, with its chunks', async () => {
    page({ rendered: true, image: true });
    await domContentLoaded();
    expect(entryScripts()).toEqual([]);
    document.querySelector('img')!.dispatchEvent(new Event('load'));
    expect(entryScripts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(entryScripts()).toEqual(['/assets/index-abc.js']);
    expect(document.head.querySelector('script')!.type).toBe('module');
    expect(preloads()).toEqual(['/assets/home-def.js', '/assets/visitor-ghi.js']);
  });

  it('starts a rendered page without an image after its first paint', async () => {
    page({ rendered: true, image: false });
    await domContentLoaded();
    await vi.advanceTimersByTimeAsync(20);
    expect(entryScripts()).toEqual(['/assets/index-abc.js']);
  });

  it('starts the app shell at once, and a stalled image after 3 seconds, each once', async () => {
    page({ rendered: false, image: false });
    await domContentLoaded();
    expect(entryScripts()).toEqual(['/assets/index-abc.js']);
    document.head.innerHTML = document.head.innerHTML.replace(/<script[^>]*><\/script>/g, '');

    page({ rendered: true, image: true });
    await domContentLoaded();
    await vi.advanceTimersByTimeAsync(2_900);
    expect(entryScripts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(entryScripts()).toEqual(['/assets/index-abc.js']);
    document.querySelector('img')!.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(50);
    expect(entryScripts()).toHaveLength(1);
  });
});
