import { useId, useState } from 'react';
import { ROLE_LABELS, ROLES, type AdminUser, type Role } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { useUpdateUserRole } from '../api/update-user-role';

const CHOICES: Role[] = [ROLES.ADMIN, ROLES.USER, ROLES.SERVICE_ADVISOR, ROLES.TECHNICIAN, ROLES.SALES];

/**
 * The user's role, chosen from the five and saved: staff roles open their part of /admin. The server
 * refuses (and says why) an inactive account made staff, the last active admin moved, or one's own role.
 */
export function UserRoleCard({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const id = useId();
  const [role, setRole] = useState<Role>(user.role);
  const update = useUpdateUserRole();
  const save = () =>
    update.mutate(
      { id: user._id, role },
      {
        onSuccess: (saved) => toastSuccess('Role changed', `${user.name} is now ${ROLE_LABELS[saved.role]}.`),
        onError: (error) => {
          setRole(user.role);
          toastApiError(error, 'Failed to change the role');
        },
      },
    );
  return (
    <Card title="Role">
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <label htmlFor={`${id}-role`} className="text-sm font-medium text-slate-700">
          Role
        </label>
        <NativeSelect
          id={`${id}-role`}
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
          disabled={isSelf || update.isPending}
          aria-describedby={isSelf ? `${id}-self` : undefined}
        >
          {CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {ROLE_LABELS[choice]}
            </option>
          ))}
        </NativeSelect>
        {isSelf && (
          <p id={`${id}-self`} className="text-sm text-slate-600">
            You cannot change the role of your own account.
          </p>
        )}
        <Button type="submit" variant="outline" disabled={isSelf || role === user.role || update.isPending}>
          Save Role
        </Button>
      </form>
    </Card>
  );
}
