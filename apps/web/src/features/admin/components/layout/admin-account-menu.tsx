import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { InitialsAvatar } from '../shared/initials-avatar';

const item =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 [&_svg]:size-4';

export function AdminAccountMenu({ onLogOut }: { onLogOut(): void }) {
  const { user } = useSession();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="flex shrink-0 items-center gap-2 rounded-full p-1 hover:bg-slate-100 sm:pr-2" aria-label="Open account menu">
        <InitialsAvatar name={user.name} src={user.avatar} />
        <span className="hidden max-w-32 truncate text-sm font-medium lg:inline">{user.name}</span>
        <ChevronDown className="hidden size-4 text-slate-500 sm:block" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Label className="px-2 py-1.5">
            <span className="block truncate text-sm font-semibold text-slate-900">{user.name}</span>
            <span className="block truncate text-xs text-slate-600">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item className={item} onSelect={() => navigate(paths.admin.profile)}>
            <UserRound aria-hidden /> Profile
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={onLogOut}>
            <LogOut aria-hidden /> Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
