import type { boardQuerySchema } from '@dealer/shared';
import type { z } from 'zod';

/** The board's query as the API reads it. */
export type BoardParams = Pick<z.output<typeof boardQuerySchema>, 'view' | 'date' | 'technicianId' | 'resource'>;

/**
 * Query keys of the workshop floor. The floor's jobs are maintenance appointments, so every key sits
 * under ['maintenance', 'workshop']: a change anywhere in maintenance refreshes the board too.
 */
export const workshopKeys = {
  all: ['maintenance', 'workshop'] as const,
  board: (params: BoardParams) => ['maintenance', 'workshop', 'board', params] as const,
  myJobs: (date?: string) => ['maintenance', 'workshop', 'my-jobs', date ?? 'today'] as const,
  job: (id: string) => ['maintenance', 'workshop', 'job', id] as const,
};
