import { EMAIL_LOG_URL_KEYS, emailLogParams, emailLogQueryOptions } from '@/features/email-log/api/get-email-log';
import { EmailLog } from '@/features/email-log/components/email-log';
import { readUrlParams } from '@/lib/use-url-params';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch, searchOf, shouldRevalidateList } from '../prefetch';

export const createLoader = prefetch(({ request }) => [emailLogQueryOptions(emailLogParams(readUrlParams(searchOf(request), EMAIL_LOG_URL_KEYS)))]);
export const shouldRevalidate = shouldRevalidateList;

export default function Page() {
  usePageTitle('E-mail Log');
  return <EmailLog />;
}
