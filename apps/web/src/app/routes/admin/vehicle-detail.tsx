import { usePageTitle } from '@/lib/use-page-title';

export default function Page() {
  usePageTitle('Vehicle');
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-2xl font-bold">Vehicle</h1>
    </div>
  );
}
