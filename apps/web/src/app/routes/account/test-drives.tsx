import { myTestDrivesQueryOptions, testDriveSettingsQueryOptions } from '@/features/sales-desk/api/test-drives';
import { MyTestDrives } from '@/features/sales-desk/components/my-test-drives';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(() => [myTestDrivesQueryOptions(), testDriveSettingsQueryOptions()]);

export default function MyTestDrivesPage() {
  usePageTitle('My Test Drives');
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Test Drives</h1>
      <p className="mt-1 mb-6 text-slate-600">Your booked test drives: move or cancel them here.</p>
      <MyTestDrives />
    </div>
  );
}
