import { ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import type { PublicUser } from '@dealer/shared';
import { cn } from '@/lib/cn';
import { UserAvatar } from './user-avatar';

/**
 * The signed-in person's menu, opened from their avatar (and name, from 1024 px up); the public
 * header's and the admin header's differ only in their heading and items. `compact` leaves just the
 * avatar on a phone.
 */
export function UserMenu({ user, heading, compact = false, children }: { user: PublicUser; heading: ReactNode; compact?: boolean; children: ReactNode }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={cn('flex items-center gap-2 rounded-full p-1 hover:bg-slate-100', compact ? 'shrink-0 sm:pr-2' : 'pr-2')}
        // Named by what it shows (the person's name) so that speech input users can say it (WCAG 2.5.3).
        aria-label={`${user.name}, account menu`}
      >
        <UserAvatar name={user.name} src={user.avatar} />
        <span className="hidden max-w-32 truncate text-sm font-medium lg:inline">{user.name}</span>
        <ChevronDown className={cn('size-4 text-slate-500', compact && 'hidden sm:block')} aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Label className="px-2 py-1.5">{heading}</DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
