import { useMutation } from '@tanstack/react-query';
import { fetchApiFile, saveFile } from '@/lib/download-file';

/** Fetches a report's CSV (the call needs the bearer token) and saves it under the name the server gives. */
export function useDownloadReport() {
  return useMutation({
    mutationFn: async ({ url, fallbackName }: { url: string; fallbackName: string }) => {
      const { blob, fileName } = await fetchApiFile(url);
      saveFile(blob, fileName ?? fallbackName);
    },
  });
}
