import { Menu, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useTrackModal } from '@/lib/modal-state';
import { persisted } from '@/lib/persisted-state';
import { useSession } from '@/lib/session';
import { AdminAccountMenu } from './admin-account-menu';
import { AdminNav } from './admin-nav';
import { AdminSearch } from './admin-search';
import { useRefreshAdminOnChange } from './use-refresh-admin-on-change';

/**
 * The admin frame: a fixed sidebar from 768 px up, a drawer opened by the menu
 * button below it; a header with the search and the account menu.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  useTrackModal(drawerOpen);
  useRefreshAdminOnChange();
  const { signOut, user } = useSession();
  const navigate = useNavigate();

  const logOut = useCallback(async () => {
    setDrawerOpen(false);
    await signOut();
    // Whoever signs in next starts fresh rather than in this admin's last screen.
    persisted.setSavedRoute(null);
    navigate(paths.login, { replace: true });
  }, [signOut, navigate]);

  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 md:block">
        <AdminNav onLogOut={() => void logOut()} />
      </aside>

      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
          <Dialog.Content aria-describedby={undefined} className="fixed inset-y-0 left-0 z-50 w-[80vw] max-w-[280px] shadow-xl md:hidden">
            <Dialog.Title className="sr-only">Admin menu</Dialog.Title>
            <AdminNav onNavigate={() => setDrawerOpen(false)} onLogOut={() => void logOut()} />
            <Dialog.Close aria-label="Close menu" className="absolute top-4 right-3 rounded p-1 text-slate-300 hover:bg-slate-800 hover:text-white">
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <div className="md:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 md:px-6">
          <button
            type="button"
            aria-label="Open menu"
            onClick={() => setDrawerOpen(true)}
            className="-ml-1 rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          >
            <Menu className="size-5" aria-hidden />
          </button>
          {/* The search reaches users and every record: the admin's alone (GET api/admin/search is ADMIN only). */}
          <div className="min-w-0 flex-1">{user?.role === 'ADMIN' && <AdminSearch />}</div>
          <AdminAccountMenu onLogOut={() => void logOut()} />
        </header>
        <main id="admin-main" className="mx-auto w-full max-w-7xl px-4 py-6 md:px-6 md:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
