import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Estimate, EstimateEditor, EstimateLineDecision, EstimateLineInput, EstimateSummary } from '@dealer/shared';
import { api } from '@/lib/api-client';

// Estimates: the advisor's editor (a job's estimate), the customer's list and decision, and the
// e-mailed link's page (anonymous: the token, never the session, opens it).

export const estimateKeys = {
  /** Under maintenance: moving a job (sending, deciding) refreshes the board too, and the reverse. */
  editor: (jobId: string) => ['maintenance', 'workshop', 'estimate', jobId] as const,
  mine: () => ['estimates', 'mine'] as const,
  mineOne: (id: string) => ['estimates', 'mine', id] as const,
  link: (id: string, token: string) => ['estimates', 'link', id, token] as const,
};

const jobUrl = (jobId: string) => `/api/workshop/jobs/${encodeURIComponent(jobId)}/estimate`;

export const estimateEditorQueryOptions = (jobId: string) =>
  queryOptions({ queryKey: estimateKeys.editor(jobId), queryFn: ({ signal }) => api.get<EstimateEditor>(jobUrl(jobId), undefined, signal) });
export const useEstimateEditor = (jobId: string) => useQuery(estimateEditorQueryOptions(jobId));

function useEditorMutation<V>(jobId: string, mutationFn: (variables: V) => Promise<EstimateEditor>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (editor) => queryClient.setQueryData(estimateKeys.editor(jobId), editor),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['maintenance'] }),
  });
}

export const useSaveEstimate = (jobId: string) =>
  useEditorMutation(jobId, (body: { lines: EstimateLineInput[]; expectedUpdatedAt: string | null }) => api.put<EstimateEditor>(jobUrl(jobId), body));
export const useSendEstimate = (jobId: string) => useEditorMutation(jobId, () => api.post<EstimateEditor>(`${jobUrl(jobId)}/send`));

export const myEstimatesQueryOptions = () =>
  queryOptions({ queryKey: estimateKeys.mine(), queryFn: ({ signal }) => api.get<EstimateSummary[]>('/api/account/estimates', undefined, signal) });
export const useMyEstimates = () => useQuery(myEstimatesQueryOptions());

export const myEstimateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: estimateKeys.mineOne(id),
    queryFn: ({ signal }) => api.get<Estimate>(`/api/account/estimates/${encodeURIComponent(id)}`, undefined, signal),
  });
export const useMyEstimate = (id: string) => useQuery(myEstimateQueryOptions(id));

/** The decision the page sends: every line's answer and the typed full name. */
export interface DecisionValues {
  decisions: { lineId: string; decision: EstimateLineDecision }[];
  fullName: string;
}

export function useDecideMine(id: string, version: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: DecisionValues) => api.post<Estimate>(`/api/account/estimates/${encodeURIComponent(id)}/decision`, { version, ...values }),
    onSuccess: (estimate) => queryClient.setQueryData(estimateKeys.mineOne(id), estimate),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['estimates'] }),
  });
}

export const linkEstimateQueryOptions = (id: string, token: string) =>
  queryOptions({
    queryKey: estimateKeys.link(id, token),
    queryFn: ({ signal }) => api.post<Estimate>(`/api/estimates/${encodeURIComponent(id)}/link`, { token }, { anonymous: true, signal }),
    // A refused link does not come back to life by asking again.
    retry: false,
    staleTime: Infinity,
  });
export const useLinkEstimate = (id: string, token: string) => useQuery({ ...linkEstimateQueryOptions(id, token), enabled: token !== '' });

export function useDecideByLink(id: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: DecisionValues) => api.post<Estimate>(`/api/estimates/${encodeURIComponent(id)}/link/decision`, { token, ...values }, { anonymous: true }),
    onSuccess: (estimate) => queryClient.setQueryData(estimateKeys.link(id, token), estimate),
  });
}
