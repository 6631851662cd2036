import { useMutation } from '@tanstack/react-query';
import { fetchApiFile, saveFile } from '@/lib/download-file';

/** An invoice or credit note as a PDF; the call needs the bearer token, so it is fetched, not linked. */
export async function getInvoicePdf(id: string): Promise<{ blob: Blob; fileName: string | null }> {
  return fetchApiFile(`/api/invoices/${encodeURIComponent(id)}/pdf`);
}

export function useDownloadInvoicePdf() {
  return useMutation({
    mutationFn: async ({ id, number }: { id: string; number: string }) => {
      const { blob, fileName } = await getInvoicePdf(id);
      saveFile(blob, fileName ?? `invoice-${number}.pdf`);
    },
  });
}
