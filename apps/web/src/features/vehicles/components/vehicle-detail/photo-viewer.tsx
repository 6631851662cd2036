import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { KeyboardEvent } from 'react';
import type { VehicleImage } from '@dealer/shared';
import { useTrackModal } from '@/lib/modal-state';
import { useSwipe } from '../../hooks/use-swipe';
import { VehiclePhoto } from '../vehicle-photo';

interface PhotoViewerProps {
  images: VehicleImage[];
  title: string;
  index: number;
  onIndexChange(index: number): void;
  onClose(): void;
}

const ARROW = 'absolute top-1/2 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white';

/**
 * The listing's photos full screen, opened by a tap on the gallery: previous and next (buttons, arrow
 * keys, a swipe), 'n / total', Escape or Close to leave. Focus stays inside while it is open and
 * returns to the photo that opened it. Loaded only when first opened, so the page's first load
 * carries none of it.
 */
export default function PhotoViewer({ images, title, index, onIndexChange, onClose }: PhotoViewerProps) {
  useTrackModal(true);
  const total = images.length;
  const go = (next: number) => onIndexChange((next + total) % total);
  const swipe = useSwipe((direction) => go(index + direction));
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    // The gallery under the viewer listens for the same keys (React passes events up through portals).
    e.stopPropagation();
    go(index + (e.key === 'ArrowLeft' ? -1 : 1));
  };
  const image = images[index]!;
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/95" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          className="fixed inset-0 z-50 flex flex-col bg-slate-950 text-white outline-none"
          data-testid="photo-viewer"
        >
          <div className="flex items-center justify-between gap-3 px-4 py-3">
            <RadixDialog.Title className="min-w-0 truncate text-base font-semibold">Photos of {title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close full-screen photos"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
            >
              <X className="size-6" aria-hidden />
            </RadixDialog.Close>
          </div>
          {/* The photo takes no pointer: a mouse drag on an image would start the browser's drag and drop, not a swipe. */}
          <div className="relative min-h-0 flex-1 touch-pan-y select-none [&>img]:pointer-events-none" {...swipe.handlers}>
            <VehiclePhoto
              key={image.key}
              image={image}
              alt={`${title}, photo ${index + 1} of ${total}`}
              sizes="100vw"
              preferredWidth={1920}
              loading="eager"
              className="absolute inset-0 size-full object-contain"
            />
            {total > 1 && (
              <>
                <button type="button" aria-label="Previous image" onClick={() => go(index - 1)} className={`${ARROW} left-3`}>
                  <ChevronLeft className="size-6" aria-hidden />
                </button>
                <button type="button" aria-label="Next image" onClick={() => go(index + 1)} className={`${ARROW} right-3`}>
                  <ChevronRight className="size-6" aria-hidden />
                </button>
              </>
            )}
          </div>
          <p aria-live="polite" data-testid="photo-viewer-counter" className="py-3 text-center text-sm font-medium">
            {index + 1} / {total}
          </p>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
