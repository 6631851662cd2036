import { Outlet, ScrollRestoration } from 'react-router';
import { AdminShell } from '@/features/admin/components/layout/admin-shell';

export function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
      <ScrollRestoration />
    </AdminShell>
  );
}
