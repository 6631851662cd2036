import { paths } from '@/config/paths';

export const MAIN_NAV = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.vehicleSales, label: 'Buy', end: false },
  { to: paths.maintenance, label: 'Maintenance', end: false },
] as const;
