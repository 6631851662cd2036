import { useMutation } from '@tanstack/react-query';
import { fetchApiFile, saveFile } from '@/lib/download-file';
import { salesReportCsvUrl, type ReportRangeParams } from './get-sales-report';

/** Fetches the figures' CSV (the call needs the bearer token) and saves it under the name the server gives. */
export function useDownloadSalesReport() {
  return useMutation({
    mutationFn: async (params: ReportRangeParams) => {
      const { blob, fileName } = await fetchApiFile(salesReportCsvUrl(params));
      saveFile(blob, fileName ?? 'sales-report.csv');
    },
  });
}
