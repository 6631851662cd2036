import { Car, ChevronDown, Heart, LayoutDashboard, LogOut, ShoppingBag, UserRound, Wrench } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useSavedVehicleIds } from '@/lib/wishlist';
import { UserAvatar } from './user-avatar';

const item =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 [&_svg]:size-4';

/**
 * The avatar menu 'My Account': 'View Profile', the user's listings, purchases and saved vehicles,
 * then 'Dashboard' (admins) or 'My Maintenance', then 'Log Out'.
 */
export default function AccountMenu() {
  const { user, isAdmin, signOut } = useSession();
  const navigate = useNavigate();
  const savedCount = useSavedVehicleIds().length;
  if (!user) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-full p-1 pr-2 hover:bg-slate-100" aria-label="Open account menu">
        <UserAvatar name={user.name} src={user.avatar} />
        <span className="hidden max-w-32 truncate text-sm font-medium lg:inline">{user.name}</span>
        <ChevronDown className="size-4 text-slate-500" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">My Account</DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item className={item} onSelect={() => navigate(paths.profile)}>
            <UserRound aria-hidden /> View Profile
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => navigate(paths.myVehicles)}>
            <Car aria-hidden /> My Vehicles
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => navigate(paths.purchases)}>
            <ShoppingBag aria-hidden /> Purchases
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => navigate(paths.saved)}>
            <Heart aria-hidden /> Saved
            {savedCount > 0 && <span className="ml-auto text-xs font-semibold text-slate-500">{savedCount}</span>}
          </DropdownMenu.Item>
          {isAdmin ? (
            <DropdownMenu.Item className={item} onSelect={() => navigate(paths.admin.root)}>
              <LayoutDashboard aria-hidden /> Dashboard
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item className={item} onSelect={() => navigate(paths.maintenanceHistory)}>
              <Wrench aria-hidden /> My Maintenance
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item
            className={item}
            onSelect={async () => {
              await signOut();
              navigate(paths.home);
            }}
          >
            <LogOut aria-hidden /> Log Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
