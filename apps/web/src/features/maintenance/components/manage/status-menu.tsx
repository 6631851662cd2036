import { CalendarClock, ChevronDown, Eye, MoreHorizontal } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { MAINTENANCE_STATUSES, RESCHEDULABLE_STATUSES, type MaintenanceAppointment } from '@dealer/shared';
import { buttonVariants } from '@/components/ui/button';
import { menuContentClass, menuItemClass as item } from '@/components/ui/menu';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { RescheduleDialog } from '../reschedule-dialog';
import { useChangeMaintenanceStatus } from './use-change-status';

export const STATUS_ACTION_LABELS = {
  Pending: 'Mark as Pending',
  Scheduled: 'Mark as Scheduled',
  Completed: 'Mark as Completed',
  Cancelled: 'Mark as Cancelled',
} as const;

type MenuAppointment = Pick<MaintenanceAppointment, '_id' | 'status' | 'specificService' | 'appointmentDate' | 'appointmentTime'>;

interface StatusMenuProps {
  appointment: MenuAppointment;
  /** 'row': an icon button with a View details entry; 'detail': a labelled 'Change Status' button. */
  variant?: 'row' | 'detail';
  /** A Pending or Scheduled appointment's row menu offers 'Reschedule' (staff keep its status). */
  offerReschedule?: boolean;
}

/** Every status except the current one: choosing the status a row already has would change nothing. */
export function MaintenanceStatusMenu({ appointment, variant = 'row', offerReschedule = false }: StatusMenuProps) {
  const navigate = useNavigate();
  const { changeStatus, isPending } = useChangeMaintenanceStatus();
  const others = MAINTENANCE_STATUSES.filter((s) => s !== appointment.status);
  // Kept outside the menu's items: the menu closes (and unmounts them) as the dialog opens.
  const [rescheduling, setRescheduling] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // The dialog would hand the focus back to the menu item it opened from, which is gone by then.
  const onRescheduleOpenChange = (open: boolean) => {
    setRescheduling(open);
    if (!open) requestAnimationFrame(() => triggerRef.current?.focus());
  };
  const reschedulable = offerReschedule && (RESCHEDULABLE_STATUSES as readonly string[]).includes(appointment.status);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={triggerRef}
        className={
          variant === 'row'
            ? cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-9')
            : buttonVariants({ variant: 'outline' })
        }
        aria-label={variant === 'row' ? `Actions for ${appointment.specificService} (${appointment._id.slice(-8)})` : undefined}
      >
        {variant === 'row' ? (
          <MoreHorizontal aria-hidden />
        ) : (
          <>
            Change Status <ChevronDown aria-hidden />
          </>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClass}>
          {variant === 'row' && (
            <>
              <DropdownMenu.Item className={item} onSelect={() => navigate(paths.admin.maintenanceRequest(appointment._id))}>
                <Eye aria-hidden /> View Details
              </DropdownMenu.Item>
              {reschedulable && (
                <DropdownMenu.Item className={item} onSelect={() => setRescheduling(true)}>
                  <CalendarClock aria-hidden /> Reschedule
                </DropdownMenu.Item>
              )}
              <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
            </>
          )}
          <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Change Status</DropdownMenu.Label>
          {others.map((status) => (
            <DropdownMenu.Item key={status} className={item} disabled={isPending} onSelect={() => changeStatus(appointment._id, status)}>
              {STATUS_ACTION_LABELS[status]}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
      {reschedulable && <RescheduleDialog appointment={appointment} open={rescheduling} onOpenChange={onRescheduleOpenChange} staff />}
    </DropdownMenu.Root>
  );
}
