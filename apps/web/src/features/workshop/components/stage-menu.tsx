import { ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { BOARD_STAGES, stageMovedToast, type WorkshopJob } from '@dealer/shared';
import { buttonVariants } from '@/components/ui/button';
import { menuContentClass, menuItemClass } from '@/components/ui/menu';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { useMoveJob } from '../api/job-actions';

/** The card's name for a screen reader or voice control: the car and the service. */
export const jobName = (job: WorkshopJob) => `${job.vehicle.year} ${job.vehicle.make} ${job.vehicle.model} (${job.vehicle.registration}), ${job.specificService}`;

/**
 * Moves a job to another stage from a menu (keyboard: Enter or Space opens it, arrows choose, Enter
 * moves). The move names the stage the card shows; if the job has moved since, the server refuses it
 * and the toast says where the job is now, while the board refreshes.
 */
export function StageMenu({ job }: { job: WorkshopJob }) {
  const move = useMoveJob();
  if (!job.canMove) return null;
  const choose = (to: (typeof BOARD_STAGES)[number]) =>
    move.mutate(
      { id: job._id, from: job.stage, to },
      { onSuccess: () => toastSuccess(stageMovedToast(to)), onError: (error) => toastApiError(error, 'Failed to move the job') },
    );
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
        aria-label={`Move ${jobName(job)}, now ${job.stage}`}
        disabled={move.isPending}
      >
        Move
        <ChevronDown aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClass}>
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-slate-600">Move to</DropdownMenu.Label>
          {BOARD_STAGES.filter((stage) => stage !== job.stage).map((stage) => (
            <DropdownMenu.Item key={stage} className={menuItemClass} onSelect={() => choose(stage)}>
              {stage}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
