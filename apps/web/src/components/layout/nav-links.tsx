import { NavLink } from '@/components/ui/link';
import { paths } from '@/config/paths';

const MAIN_NAV = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.vehicleSales, label: 'Buy', end: false },
  { to: paths.maintenance, label: 'Maintenance', end: false },
] as const;

/** Home, Buy and Maintenance, as the header and the phone menu show them. */
export function MainNavLinks({ className, onClick }: { className: (isActive: boolean) => string; onClick?(): void }) {
  return MAIN_NAV.map((item) => (
    <NavLink key={item.to} to={item.to} end={item.end} onClick={onClick} className={({ isActive }) => className(isActive)}>
      {item.label}
    </NavLink>
  ));
}
