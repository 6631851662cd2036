import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Search, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '@/components/ui/link';
import { SAVED_SEARCH_MESSAGES, formatLongDate, savedSearchCreateSchema, type SavedSearch, type SavedSearchFrequency } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { StateMessage } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { formErrorHandler } from '@/lib/server-field-errors';
import { useDeleteSavedSearch } from '../api/delete-saved-search';
import { useSavedSearches } from '../api/get-saved-searches';
import { useUpdateSavedSearch } from '../api/update-saved-search';
import { describeFilters, listHref } from '../lib/search-filters';
import { FrequencySelect } from './frequency-field';

const renameSchema = savedSearchCreateSchema.pick({ name: true });

function RenameForm({ search, onDone }: { search: SavedSearch; onDone(): void }) {
  const update = useUpdateSavedSearch();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ name: string }>({ resolver: zodResolver(renameSchema), defaultValues: { name: search.name } });
  const onSubmit = handleSubmit(({ name }) =>
    update.mutate(
      { id: search._id, name },
      {
        onSuccess: () => {
          toastSuccess(SAVED_SEARCH_MESSAGES.updated);
          onDone();
        },
        onError: formErrorHandler(['name'], setError, 'Could not rename this search'),
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-2">
      <FormField label="Name" error={errors.name?.message} className="min-w-0 flex-1">
        <Input {...register('name')} autoFocus maxLength={80} autoComplete="off" />
      </FormField>
      <div className="flex gap-2 sm:mt-7">
        <Button type="submit" size="sm" disabled={update.isPending}>
          Save
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function SavedSearchCard({ search }: { search: SavedSearch }) {
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const emailsId = useId();
  const change = (changes: { frequency?: SavedSearchFrequency; emailsEnabled?: boolean }) =>
    update.mutate(
      { id: search._id, ...changes },
      { onSuccess: () => toastSuccess(SAVED_SEARCH_MESSAGES.updated), onError: (error) => toastApiError(error, 'Could not update this search') },
    );

  return (
    <li className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      {renaming ? (
        <RenameForm search={search} onDone={() => setRenaming(false)} />
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-lg font-semibold break-words text-slate-900">{search.name}</h2>
          <Button size="sm" variant="outline" onClick={() => setRenaming(true)} aria-label={`Rename ${search.name}`}>
            <Pencil aria-hidden /> Rename
          </Button>
        </div>
      )}
      <p className="mt-1 text-sm text-slate-600">{describeFilters(search.filters)}</p>
      <p className="mt-1 text-xs text-slate-600">Saved {formatLongDate(search.createdAt)}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <FormField label="E-mail me">
          <FrequencySelect
            value={search.frequency}
            disabled={update.isPending}
            onChange={(event) => change({ frequency: event.target.value as SavedSearchFrequency })}
          />
        </FormField>
        <div className="flex items-center gap-2 sm:mt-7">
          <input
            id={emailsId}
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={search.emailsEnabled}
            disabled={update.isPending}
            onChange={(event) => change({ emailsEnabled: event.target.checked })}
          />
          <label htmlFor={emailsId} className="text-sm text-slate-800">
            Send e-mails for this search
          </label>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={listHref(paths.vehicleSales, search.filters)} className={buttonVariants({ variant: 'primary', size: 'sm' })}>
          <Search aria-hidden /> Show results
        </Link>
        <Button size="sm" variant="outline" onClick={() => setConfirming(true)} aria-label={`Delete ${search.name}`}>
          <Trash2 aria-hidden /> Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this saved search?"
        description={`"${search.name}" will no longer e-mail you.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(search._id, {
            onSuccess: () => toastSuccess(SAVED_SEARCH_MESSAGES.deleted),
            onError: (error) => toastApiError(error, 'Could not delete this search'),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </li>
  );
}

/** /account/saved-searches: each saved search with its filters, how often it e-mails, rename and delete. */
export function SavedSearchesList() {
  const query = useSavedSearches();
  if (query.isPending) return <Spinner label="Loading saved searches" />;
  if (query.isError)
    return (
      <StateMessage tone="error" title="Could not load your saved searches" action={<Button onClick={() => void query.refetch()}>Try again</Button>} />
    );
  if (query.data.length === 0)
    return (
      <StateMessage
        title="No saved searches yet"
        action={
          <Link to={paths.vehicleSales} className={buttonVariants({ variant: 'primary' })}>
            Browse vehicles
          </Link>
        }
      >
        Filter the vehicle list, then choose &apos;Save this search&apos; to hear about new matches.
      </StateMessage>
    );
  return (
    <ul className="grid gap-4">
      {query.data.map((search) => (
        <SavedSearchCard key={search._id} search={search} />
      ))}
    </ul>
  );
}
