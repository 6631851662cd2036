import { useParams } from 'react-router';
import { leadQueryOptions } from '@/features/leads/api/get-lead';
import { LeadDetail } from '@/features/leads/components/lead-detail';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(({ params }) => [leadQueryOptions(params.id ?? '')]);

export default function Page() {
  usePageTitle('Lead');
  const { id = '' } = useParams();
  return <LeadDetail key={id} id={id} />;
}
