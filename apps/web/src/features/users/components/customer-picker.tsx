import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { customerSearchQueryOptions } from '../api/search-customers';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { CustomerChoice } from '@dealer/shared';

export type PickedCustomer = CustomerChoice;

/** Staff find an active account by name or e-mail and choose it for a booking. */
export function CustomerPicker({ value, onChange }: { value: PickedCustomer | null; onChange(customer: PickedCustomer | null): void }) {
  const id = useId();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const results = useQuery(customerSearchQueryOptions(search));
  const changeButton = useRef<HTMLButtonElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  /** Where the keyboard goes once the list or the choice it was on is gone. */
  const [focusNext, setFocusNext] = useState<'change' | 'search' | null>(null);
  useEffect(() => {
    if (focusNext === 'change') changeButton.current?.focus();
    if (focusNext === 'search') searchBox.current?.focus();
    if (focusNext) setFocusNext(null);
  }, [focusNext, value]);

  if (value) {
    return (
      <div className="flex flex-col gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="min-w-0 text-sm">
          <span className="block text-xs font-medium text-emerald-800">Booking for</span>
          <span className="block font-semibold text-slate-900">{value.name}</span>
          <span className="block truncate text-slate-700">{value.email}</span>
        </p>
        <Button
          ref={changeButton}
          variant="outline"
          size="sm"
          className="self-start sm:self-auto"
          onClick={() => {
            onChange(null);
            setFocusNext('search');
          }}
        >
          Change customer
        </Button>
      </div>
    );
  }

  const users = search.length >= 2 ? results.data : undefined;
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Search customers
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
        <Input
          ref={searchBox}
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Name or e-mail (2 letters or more)"
          autoComplete="off"
          className="pl-9"
          aria-describedby={`${id}-status`}
        />
      </div>
      <p id={`${id}-status`} role="status" className="text-xs text-slate-600">
        {search.length < 2
          ? 'Type at least 2 letters of the name or e-mail.'
          : results.isFetching && !users
            ? 'Searching...'
            : results.isError
              ? 'Failed to search customers'
              : users && users.length === 0
                ? 'No active customer matches. Book as a new customer instead.'
                : users
                  ? `${users.length} ${users.length === 1 ? 'customer' : 'customers'} found`
                  : ''}
      </p>
      {users && users.length > 0 && (
        <ul className="grid gap-1 rounded-lg border border-slate-200 p-1" aria-label="Matching customers">
          {users.map((user) => (
            <li key={user._id}>
              <button
                type="button"
                onClick={() => {
                  onChange({ _id: user._id, name: user.name, email: user.email, phone: user.phone });
                  setFocusNext('change');
                }}
                className="flex w-full min-w-0 flex-col items-start rounded-md px-3 py-2 text-left text-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="font-medium text-slate-900">{user.name}</span>
                <span className="w-full truncate text-slate-600">{user.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
