import { withOverrides } from '@/lib/class-overrides';

/** Shown where a photo failed to load: a drawn car, no network request. */
export function ImagePlaceholder({ className, label = 'Image unavailable' }: { className?: string; label?: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="image-placeholder"
      className={withOverrides('flex items-center justify-center bg-slate-100 text-slate-400', className)}
    >
      <svg
        viewBox="0 0 120 80"
        className="h-1/2 max-h-24 w-auto"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
      >
        <path d="M14 52h92v-9a6 6 0 0 0-4.4-5.8L88 33 76 19a8 8 0 0 0-6-3H44a8 8 0 0 0-6.4 3.2L27 33l-8.3 2.4A6 6 0 0 0 14 41.2Z" />
        <circle cx="35" cy="54" r="8" fill="white" />
        <circle cx="85" cy="54" r="8" fill="white" />
        <path d="M40 33h42M58 19v14" />
        <path d="M8 72 112 8" strokeWidth="4" />
      </svg>
    </div>
  );
}

/** A listing without photos. */
export function NoImage({ className, label = 'No image' }: { className?: string; label?: string }) {
  return (
    <div className={withOverrides('flex items-center justify-center bg-slate-100 text-sm font-medium text-slate-600', className)}>
      {label}
    </div>
  );
}
