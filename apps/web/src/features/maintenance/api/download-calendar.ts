import { useMutation } from '@tanstack/react-query';
import { shortId } from '@dealer/shared';
import { fetchApiFile, saveFile } from '@/lib/download-file';

/** The appointment as an .ics file; the call needs the bearer token, so it is fetched, not linked. */
export async function getAppointmentCalendar(id: string): Promise<Blob> {
  return (await fetchApiFile(`/api/maintenance/${encodeURIComponent(id)}/calendar.ics`)).blob;
}

export function useDownloadCalendar() {
  return useMutation({
    mutationFn: async (id: string) => {
      const blob = await getAppointmentCalendar(id);
      saveFile(blob, `maintenance-${shortId.maintenance(id)}.ics`);
    },
  });
}
