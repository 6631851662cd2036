import { SAVED_SEARCH_FREQUENCIES, type SavedSearchFrequency } from '@dealer/shared';
import { NativeSelect } from '@/components/ui/input';
import type { SelectHTMLAttributes } from 'react';

export const FREQUENCY_HINTS: Record<SavedSearchFrequency, string> = {
  Instantly: 'as soon as a match is listed',
  Daily: 'once a day',
  Weekly: 'once a week',
};

/** How often a saved search e-mails: Instantly, Daily or Weekly. */
export function FrequencySelect(props: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <NativeSelect {...props}>
      {SAVED_SEARCH_FREQUENCIES.map((frequency) => (
        <option key={frequency} value={frequency}>
          {frequency} ({FREQUENCY_HINTS[frequency]})
        </option>
      ))}
    </NativeSelect>
  );
}
