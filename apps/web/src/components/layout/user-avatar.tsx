import { UserRound } from 'lucide-react';
import { withOverrides } from '@/lib/class-overrides';

/**
 * A person's picture, or their initials (up to two) when they have none. Always shown beside their
 * name, so screen readers skip it.
 */
export function UserAvatar({ name, src, className }: { name: string; src: string | null | undefined; className?: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return (
    <span
      className={withOverrides('inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-sm font-semibold text-brand-800', className)}
      aria-hidden
    >
      {src ? <img src={src} alt="" className="size-full object-cover" width={36} height={36} /> : initials || <UserRound className="size-5" aria-hidden />}
    </span>
  );
}
