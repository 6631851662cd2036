import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadDetail, LeadUpdateInput } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { leadKeys } from './get-leads';

/** Every change to a lead answers the lead as it now is: the detail is set from it and the lists refreshed. */
function useLeadChange<V>(call: (variables: V) => Promise<LeadDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (lead) => {
      queryClient.setQueryData(leadKeys.detail(lead._id), lead);
      void queryClient.invalidateQueries({ queryKey: leadKeys.all });
    },
  });
}

/** PATCH api/admin/leads/:id: status (Lost with a reason) or owner. */
export const updateLead = ({ id, changes }: { id: string; changes: LeadUpdateInput }) => api.patch<LeadDetail>(`/api/admin/leads/${id}`, changes);
export const useUpdateLead = () => useLeadChange(updateLead);

/** POST api/admin/leads/:id/notes */
export const addLeadNote = ({ id, text }: { id: string; text: string }) => api.post<LeadDetail>(`/api/admin/leads/${id}/notes`, { text });
export const useAddLeadNote = () => useLeadChange(addLeadNote);

/** POST api/admin/leads/:id/replies: e-mailed to the customer. */
export const replyToLead = ({ id, message }: { id: string; message: string }) => api.post<LeadDetail>(`/api/admin/leads/${id}/replies`, { message });
export const useReplyToLead = () => useLeadChange(replyToLead);

/** POST api/admin/leads/:id/sale: the car sold to this lead's customer. */
export const sellToLead = ({ id }: { id: string }) => api.post<LeadDetail>(`/api/admin/leads/${id}/sale`);
export const useSellToLead = () => useLeadChange(sellToLead);
