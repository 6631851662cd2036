import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import type { VehicleImage } from '@dealer/shared';
import { clsx as cn } from 'clsx';
import { useHydrated } from '@/lib/use-hydrated';
import { NoImage } from '../image-placeholder';
import { VehiclePhoto } from '../vehicle-photo';

const MAIN_SIZES = '(min-width: 1280px) 800px, (min-width: 1024px) 66vw, 100vw';

/** Photos of a listing: previous / next, thumbnails, 'n / total'; broken photos show the placeholder. */
export function VehicleCarousel({ images, title }: { images: VehicleImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  const hydrated = useHydrated();
  const total = images.length;
  if (total === 0) return <NoImage label="No images available" className="aspect-[4/3] w-full rounded-lg" />;
  const current = Math.min(index, total - 1);
  const go = (next: number) => setIndex((next + total) % total);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(current - 1);
    if (e.key === 'ArrowRight') go(current + 1);
  };
  const image = images[current]!;

  return (
    <section aria-roledescription="carousel" aria-label={`Photos of ${title}`} className="grid gap-3" onKeyDown={onKeyDown}>
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-lg bg-slate-100">
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
    </section>
  );
}
