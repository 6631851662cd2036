import { BellRing, Car, Heart, LayoutDashboard, LogOut, ShoppingBag, UserRound, Wrench } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import { menuItemClass as item } from '@/components/ui/menu';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useSavedVehicleIds } from '@/lib/wishlist';
import { UserMenu } from './user-menu';

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
    <UserMenu user={user} heading={<span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase">My Account</span>}>
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
      <DropdownMenu.Item className={item} onSelect={() => navigate(paths.savedSearches)}>
        <BellRing aria-hidden /> Saved Searches
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
    </UserMenu>
  );
}
