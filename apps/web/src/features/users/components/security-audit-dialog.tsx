import { formatDateTime } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useUserSecurity } from '../api/get-user-security';
import { useRevokeUserSessions } from '../api/revoke-user-sessions';

/** A short device description from a user agent: 'Chrome on Windows'. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? userAgent.slice(0, 40);
}

interface Props {
  user: { _id: string; name: string };
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Recent sign-ins and the sessions still open, with a way to end them all. */
export function SecurityAuditDialog({ user, open, onOpenChange }: Props) {
  const { data, isPending, isError } = useUserSecurity(user._id, open);
  const revoke = useRevokeUserSessions();

  const revokeAll = () =>
    revoke.mutate(user._id, {
      onSuccess: () => toastSuccess('Sessions revoked', `${user.name} has been signed out on every device.`),
      onError: (error) => toastApiError(error, 'Failed to revoke sessions'),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Security Audit" description={`Recent sign-ins and active sessions of ${user.name}.`} className="max-w-2xl">
      {isPending ? (
        <Spinner label="Loading security information" className="py-6" />
      ) : isError ? (
        <p role="alert" className="text-sm text-red-700">
          The security information could not be loaded.
        </p>
      ) : (
        <div className="grid gap-6">
          <section>
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-sm font-semibold text-slate-900">Active sessions ({data.sessions.length})</h3>
              <Button variant="destructive" size="sm" onClick={revokeAll} disabled={revoke.isPending || data.sessions.length === 0}>
                {revoke.isPending ? 'Revoking...' : 'Revoke all sessions'}
              </Button>
            </div>
            {data.sessions.length === 0 ? (
              <p className="text-sm text-slate-600">No active sessions.</p>
            ) : (
              <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
                {data.sessions.map((s) => (
                  <li key={s._id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span className="font-medium">{describeDevice(s.userAgent)}</span>
                    <span className="text-xs text-slate-600">
                      {s.ip ? `${s.ip} · ` : ''}since {formatDateTime(s.createdAt)}
                      {s.expiresAt ? ` · expires ${formatDateTime(s.expiresAt)}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Recent sign-ins</h3>
            {data.signIns.length === 0 ? (
              <p className="text-sm text-slate-600">No sign-ins recorded.</p>
            ) : (
              <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
                {data.signIns.map((e) => (
                  <li key={e._id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span className="flex items-center gap-2">
                      <Badge tone={e.success ? 'green' : 'red'}>{e.success ? 'Success' : 'Failed'}</Badge>
                      <span>{describeDevice(e.userAgent)}</span>
                      {!e.success && e.reason && <span className="text-xs text-slate-600">({e.reason})</span>}
                    </span>
                    <span className="text-xs text-slate-600">
                      {e.ip ? `${e.ip} · ` : ''}
                      {formatDateTime(e.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}
