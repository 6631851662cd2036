import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkshopBoard } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { workshopKeys, type BoardParams } from './keys';

export function getBoard(params: BoardParams, signal?: AbortSignal) {
  return api.get<WorkshopBoard>('/api/workshop/board', { ...params }, signal);
}

export const boardQueryOptions = (params: BoardParams) =>
  queryOptions({ queryKey: workshopKeys.board(params), queryFn: ({ signal }) => getBoard(params, signal), placeholderData: keepPreviousData });

/** The board: refreshed every 30 seconds, so a phone left open on it follows the floor. */
export function useBoard(params: BoardParams) {
  return useQuery({ ...boardQueryOptions(params), refetchInterval: 30_000 });
}
