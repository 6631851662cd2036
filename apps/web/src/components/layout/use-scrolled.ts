import { useEffect, useState } from 'react';
import { HEADER_SCROLL_THRESHOLD } from '@dealer/shared';

/** True once the page has scrolled past the header's threshold. */
export function useScrolled(threshold: number = HEADER_SCROLL_THRESHOLD): boolean {
  // False at first, as the server rendered it (a page reloaded mid-way must hydrate the same header); the effect corrects it.
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}
