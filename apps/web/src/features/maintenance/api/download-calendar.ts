import { useMutation } from '@tanstack/react-query';
import { shortId } from '@dealer/shared';
import { ApiError, refreshAccessToken } from '@/lib/api-client';
import { getAccessToken } from '@/lib/cookies';

function fetchCalendar(id: string, token: string | null) {
  return fetch(`/api/maintenance/${encodeURIComponent(id)}/calendar.ics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
}

/** The appointment as an .ics file; the call needs the bearer token, so it is fetched, not linked. */
export async function getAppointmentCalendar(id: string): Promise<Blob> {
  let res = await fetchCalendar(id, getAccessToken());
  if (res.status === 401 && (await refreshAccessToken())) res = await fetchCalendar(id, getAccessToken());
  if (!res.ok) {
    let message = '';
    try {
      message = ((await res.json()) as { message?: string }).message ?? '';
    } catch {
      message = '';
    }
    throw new ApiError(res.status, message);
  }
  return res.blob();
}

function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useDownloadCalendar() {
  return useMutation({
    mutationFn: async (id: string) => {
      const blob = await getAppointmentCalendar(id);
      saveFile(blob, `maintenance-${shortId.maintenance(id)}.ics`);
    },
  });
}
