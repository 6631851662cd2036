import { FileDown } from 'lucide-react';
import { toastApiError } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { useDownloadInvoicePdf } from '../api/download-invoice-pdf';

/** Downloads an invoice or credit note as a PDF (fetched with the caller's token). */
export function PdfButton({ id, number, kind = 'Invoice' }: { id: string; number: string; kind?: string }) {
  const download = useDownloadInvoicePdf();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={download.isPending}
      aria-label={`Download ${kind.toLowerCase()} ${number} as PDF`}
      onClick={() => download.mutate({ id, number }, { onError: (error) => toastApiError(error, 'The PDF could not be downloaded') })}
    >
      <FileDown aria-hidden /> PDF
    </Button>
  );
}
