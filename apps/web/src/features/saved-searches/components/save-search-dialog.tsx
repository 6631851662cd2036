import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from '@/components/ui/link';
import { SAVED_SEARCH_MESSAGES, savedSearchCreateSchema, type SavedSearchFrequency } from '@dealer/shared';
import { toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { formErrorHandler } from '@/lib/server-field-errors';
import { useCreateSavedSearch } from '../api/create-saved-search';
import { describeFilters, filtersFromSearch } from '../lib/search-filters';
import { FrequencySelect } from './frequency-field';

interface FormValues {
  name: string;
  frequency: SavedSearchFrequency;
}
const formSchema = savedSearchCreateSchema.pick({ name: true, frequency: true });

/** Names the list's current filters and says how often to e-mail new matches. */
export function SaveSearchDialog({ open, onOpenChange, search }: { open: boolean; onOpenChange(open: boolean): void; search: string }) {
  const filters = filtersFromSearch(search);
  const described = describeFilters(filters);
  const create = useCreateSavedSearch();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { name: described.slice(0, 80), frequency: 'Daily' } });

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      { ...values, filters },
      {
        onSuccess: () => {
          toastSuccess(SAVED_SEARCH_MESSAGES.created, 'We will e-mail you new matches and price drops on your saved cars.');
          onOpenChange(false);
        },
        onError: formErrorHandler(['name', 'frequency'], setError, 'Could not save this search'),
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Save this search" description={<>Filters: {described}</>}>
      <form onSubmit={onSubmit} className="grid gap-4" noValidate>
        <FormField label="Name" error={errors.name?.message}>
          <Input {...register('name')} autoComplete="off" maxLength={80} />
        </FormField>
        <FormField label="E-mail me" error={errors.frequency?.message}>
          <FrequencySelect {...register('frequency')} />
        </FormField>
        <p className="text-sm text-slate-600">
          Manage your saved searches in{' '}
          <Link to={paths.savedSearches} className="font-medium text-brand-700 underline">
            your account
          </Link>
          .
        </p>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Saving...' : 'Save search'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
