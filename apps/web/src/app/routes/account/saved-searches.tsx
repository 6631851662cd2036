import { SavedSearchesList } from '@/features/saved-searches/components/saved-searches-list';
import { usePageTitle } from '@/lib/use-page-title';

export default function SavedSearchesPage() {
  usePageTitle('Saved Searches');
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Saved Searches</h1>
      <p className="mt-1 mb-6 text-slate-600">We e-mail you new matches, and price drops on your saved vehicles, as often as you choose.</p>
      <SavedSearchesList />
    </div>
  );
}
