import { Download } from 'lucide-react';
import { toastApiError } from '@/components/toast/toast-store';
import { buttonVariants } from '@/components/ui/button';
import { useDownloadReport } from '../api/download-report';

/** A link to a report's CSV: the file needs the bearer token, so a click fetches it and saves it. */
export function CsvDownloadButton({ url, fallbackName }: { url: string; fallbackName: string }) {
  const download = useDownloadReport();
  return (
    <a
      href={url}
      className={buttonVariants({ variant: 'outline' })}
      aria-disabled={download.isPending || undefined}
      onClick={(event) => {
        event.preventDefault();
        if (!download.isPending) download.mutate({ url, fallbackName }, { onError: (e) => toastApiError(e, 'The CSV file could not be downloaded') });
      }}
    >
      <Download aria-hidden />
      {download.isPending ? 'Preparing CSV...' : 'Download CSV'}
    </a>
  );
}
