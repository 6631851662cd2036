import { Car } from 'lucide-react';
import { useState } from 'react';
import type { VehicleImage as VehicleImageData } from '@dealer/shared';
import { imageSrcSet, resolveImageUrl } from '@/lib/image-url';
import { cn } from '@/lib/cn';

/** A listing photo at about `width` pixels, or a drawn placeholder when there is none or it fails. */
export function VehicleImage({ image, alt, width, sizes, className }: { image: VehicleImageData | undefined; alt: string; width: number; sizes?: string; className?: string }) {
  const fit = image?.sizes?.find((s) => s.width >= width) ?? image?.sizes?.[image.sizes.length - 1];
  const src = resolveImageUrl(fit?.url ?? image?.url);
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <div role="img" aria-label={image ? 'Image unavailable' : 'No image'} className={cn('flex items-center justify-center bg-slate-100 text-slate-400', className)}>
        <Car className="size-1/3 max-h-12 max-w-12" aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={sizes ? imageSrcSet(image?.sizes) : undefined}
      sizes={sizes}
      alt={alt}
      width={image?.width ?? 1280}
      height={image?.height ?? 960}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
      className={cn('object-cover', className)}
    />
  );
}
