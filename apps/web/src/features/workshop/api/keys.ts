import type { BoardView } from '@dealer/shared';

export interface BoardParams {
  view: BoardView;
  date?: string;
  technicianId?: string;
}

/**
 * Query keys of the workshop floor. The floor's jobs are maintenance appointments, so every key sits
 * under ['maintenance', 'workshop']: a change anywhere in maintenance refreshes the board too.
 */
export const workshopKeys = {
  all: ['maintenance', 'workshop'] as const,
  board: (params: BoardParams) => ['maintenance', 'workshop', 'board', params] as const,
  myJobs: () => ['maintenance', 'workshop', 'my-jobs'] as const,
  job: (id: string) => ['maintenance', 'workshop', 'job', id] as const,
};
