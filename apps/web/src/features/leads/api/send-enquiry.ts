import { useMutation } from '@tanstack/react-query';
import type { LeadEnquiryInput, LeadReceived } from '@dealer/shared';
import { api } from '@/lib/api-client';

/** POST api/vehicles/:id/leads: a question, test-drive request or offer; works signed out. */
export const sendEnquiry = ({ vehicleId, enquiry }: { vehicleId: string; enquiry: LeadEnquiryInput }) =>
  api.post<LeadReceived>(`/api/vehicles/${vehicleId}/leads`, enquiry);

export const useSendEnquiry = () => useMutation({ mutationFn: sendEnquiry });
