import { LogOut, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import { UserMenu } from '@/components/layout/user-menu';
import { menuItemClass as item } from '@/components/ui/menu';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

/** The admin header's account menu: who is signed in, their profile, and Log out. */
export function AdminAccountMenu({ onLogOut }: { onLogOut(): void }) {
  const { user } = useSession();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <UserMenu
      user={user}
      compact
      heading={
        <>
          <span className="block truncate text-sm font-semibold text-slate-900">{user.name}</span>
          <span className="block truncate text-xs text-slate-600">{user.email}</span>
        </>
      }
    >
      <DropdownMenu.Item className={item} onSelect={() => navigate(paths.admin.profile)}>
        <UserRound aria-hidden /> Profile
      </DropdownMenu.Item>
      <DropdownMenu.Item className={item} onSelect={onLogOut}>
        <LogOut aria-hidden /> Log out
      </DropdownMenu.Item>
    </UserMenu>
  );
}
