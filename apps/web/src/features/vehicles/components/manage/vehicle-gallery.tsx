import { useState } from 'react';
import type { Vehicle } from '@dealer/shared';
import { cn } from '@/lib/cn';
import { VehicleImage } from './vehicle-image';

export function VehicleGallery({ vehicle }: { vehicle: Pick<Vehicle, 'images' | 'title'> }) {
  const [index, setIndex] = useState(0);
  const images = vehicle.images;
  const current = images[Math.min(index, Math.max(images.length - 1, 0))];
  return (
    <div className="grid gap-2">
      <VehicleImage
        image={current}
        alt={images.length ? `${vehicle.title}, photo ${index + 1} of ${images.length}` : vehicle.title}
        width={960}
        sizes="(min-width: 1024px) 640px, 100vw"
        className="aspect-[4/3] w-full rounded-lg"
      />
      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Photos">
          {images.map((image, i) => (
            <li key={image.key} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show photo ${i + 1}`}
                aria-current={i === index || undefined}
                className={cn('block overflow-hidden rounded border-2', i === index ? 'border-brand-600' : 'border-transparent opacity-80 hover:opacity-100')}
              >
                <VehicleImage image={image} alt="" width={160} className="h-14 w-20" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
