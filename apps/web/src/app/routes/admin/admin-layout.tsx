import { Outlet } from 'react-router';
import { PageScrollRestoration } from '../../page-scroll-restoration';
import { AdminShell } from '@/features/admin/components/admin-shell';

export function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
      <PageScrollRestoration />
    </AdminShell>
  );
}
