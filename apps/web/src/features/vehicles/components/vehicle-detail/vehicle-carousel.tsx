import { ChevronLeft, ChevronRight } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import type { VehicleImage } from '@dealer/shared';
import { clsx as cn } from 'clsx';
import { useHydrated } from '@/lib/use-hydrated';
import { useSwipe } from '../../hooks/use-swipe';
import { NoImage } from '../image-placeholder';
import { VehiclePhoto } from '../vehicle-photo';

// Its own chunk, fetched on the first tap: the vehicle page's first load stays as light as it was.
const PhotoViewer = lazy(() => import('./photo-viewer'));

const MAIN_SIZES = '(min-width: 1280px) 800px, (min-width: 1024px) 66vw, 100vw';

/**
 * Photos of a listing: previous / next (buttons, arrow keys, a swipe), thumbnails, 'n / total'; a tap
 * on the photo opens it full screen. Broken photos show the placeholder.
 */
export function VehicleCarousel({ images, title }: { images: VehicleImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [viewing, setViewing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  const total = images.length;
  const current = Math.min(index, Math.max(total - 1, 0));
  const go = (next: number) => setIndex((next + total) % total);
  const swipe = useSwipe((direction) => go(current + direction));
  // The viewer has no trigger of its own to give focus back to: the photo that opened it takes it.
  const closeViewer = () => {
    setViewing(false);
    setTimeout(() => opener.current?.focus(), 0);
  };
  if (total === 0) return <NoImage label="No images available" className="aspect-[4/3] w-full rounded-lg" />;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(current - 1);
    if (e.key === 'ArrowRight') go(current + 1);
  };
  const image = images[current]!;

  return (
    <section aria-roledescription="carousel" aria-label={`Photos of ${title}`} className="grid gap-3" onKeyDown={onKeyDown}>
      <div className="relative aspect-[4/3] w-full touch-pan-y overflow-hidden rounded-lg bg-slate-100" {...swipe.handlers}>
        <VehiclePhoto
          key={image.key}
          image={image}
          alt={`${title}, photo ${current + 1} of ${total}`}
          sizes={MAIN_SIZES}
          preferredWidth={1280}
          loading={current === 0 ? 'eager' : 'lazy'}
          fetchPriority={current === 0 ? 'high' : undefined}
          className="absolute inset-0 size-full"
        />
        <button
          ref={opener}
          type="button"
          disabled={!hydrated}
          aria-label={`View photo ${current + 1} of ${total} full screen`}
          aria-haspopup="dialog"
          onClick={() => !swipe.swiped() && setViewing(true)}
          className="absolute inset-0 size-full cursor-zoom-in focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-brand-600"
        />
        {total > 1 && (
          <>
            <button
              type="button"
              disabled={!hydrated}
              aria-label="Previous image"
              onClick={() => go(current - 1)}
              className="absolute top-1/2 left-3 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white"
            >
              <ChevronLeft className="size-5" aria-hidden />
            </button>
            <button
              type="button"
              disabled={!hydrated}
              aria-label="Next image"
              onClick={() => go(current + 1)}
              className="absolute top-1/2 right-3 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white"
            >
              <ChevronRight className="size-5" aria-hidden />
            </button>
          </>
        )}
        <span
          aria-live="polite"
          data-testid="carousel-counter"
          className="absolute right-3 bottom-3 rounded-full bg-slate-900/75 px-2.5 py-1 text-xs font-medium text-white"
        >
          {current + 1} / {total}
        </span>
      </div>
      {total > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Thumbnails">
          {images.map((img, i) => (
            <li key={img.key} className="shrink-0">
              <button
                type="button"
                disabled={!hydrated}
                aria-label={`Show image ${i + 1}`}
                aria-current={i === current || undefined}
                onClick={() => setIndex(i)}
                className={cn(
                  'block h-16 w-20 overflow-hidden rounded-md border-2 sm:h-18 sm:w-24',
                  i === current ? 'border-brand-600' : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                <VehiclePhoto image={img} alt="" sizes="96px" preferredWidth={320} className="size-full" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewing && (
        <Suspense fallback={null}>
          <PhotoViewer images={images} title={title} index={current} onIndexChange={setIndex} onClose={closeViewer} />
        </Suspense>
      )}
    </section>
  );
}
