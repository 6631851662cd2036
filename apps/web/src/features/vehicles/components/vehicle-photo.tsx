import { useCallback, useState } from 'react';
import type { VehicleImage } from '@dealer/shared';
import { imageSrcSet, resolveImageUrl, type ImageRef } from '@/lib/image-url';
import { withOverrides } from '@/lib/class-overrides';
import { ImagePlaceholder, NoImage } from './image-placeholder';

interface VehiclePhotoProps {
  image: VehicleImage | ImageRef;
  alt: string;
  /** The `sizes` attribute: how wide the photo is drawn at each breakpoint. */
  sizes: string;
  /** Preferred width of the `src` fallback (the nearest resized version is used). */
  preferredWidth?: number;
  loading?: 'lazy' | 'eager';
  /** 'high' for the photo that is the page's largest paint (the first card, the detail's cover). */
  fetchPriority?: 'high' | 'auto';
  className?: string;
  placeholderClassName?: string;
}

function pickSrc(image: VehiclePhotoProps['image'], preferredWidth: number): string | null {
  if (image && typeof image === 'object' && 'sizes' in image && image.sizes?.length) {
    const fit = image.sizes.find((s) => s.width >= preferredWidth) ?? image.sizes[image.sizes.length - 1];
    return resolveImageUrl(fit?.url) ?? resolveImageUrl(image);
  }
  return resolveImageUrl(image);
}

/**
 * A listing photo: responsive (`srcset` from the resized versions), sized up front so nothing
 * shifts, and replaced by the placeholder when it fails to load.
 */
export function VehiclePhoto({
  image,
  alt,
  sizes,
  preferredWidth = 640,
  loading = 'lazy',
  fetchPriority,
  className,
  placeholderClassName,
}: VehiclePhotoProps) {
  const src = pickSrc(image, preferredWidth);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // A server-rendered photo may fail before the page hydrates, when no onError is listening yet.
  const failedBeforeHydration = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth === 0 && src) setFailedSrc(src);
    },
    [src],
  );
  if (!src || failedSrc === src) return <ImagePlaceholder className={withOverrides(className ?? '', placeholderClassName)} />;
  const meta = image && typeof image === 'object' && 'sizes' in image ? image : null;
  return (
    <img
      src={src}
      srcSet={imageSrcSet(meta?.sizes)}
      sizes={meta?.sizes?.length ? sizes : undefined}
      width={meta?.width ?? 1280}
      height={meta?.height ?? 960}
      alt={alt}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      ref={failedBeforeHydration}
      onError={() => setFailedSrc(src)}
      className={withOverrides('object-cover', className)}
    />
  );
}

/** The photo at the start of a row in the owner's lists (My Vehicles, purchases), or 'No image'. */
export function VehicleThumbnail({ image, alt }: { image: VehicleImage | undefined; alt: string }) {
  return (
    <div className="relative aspect-[4/3] w-full shrink-0 overflow-hidden rounded-md bg-slate-100 sm:w-48">
      {image ? (
        <VehiclePhoto image={image} alt={alt} sizes="(min-width: 640px) 192px, 100vw" preferredWidth={320} className="absolute inset-0 size-full" />
      ) : (
        <NoImage className="absolute inset-0 size-full" />
      )}
    </div>
  );
}
