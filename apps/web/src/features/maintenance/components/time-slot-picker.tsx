import { useState } from 'react';
import { SLOT_PERIODS, type SlotAvailability, type SlotPeriod } from '@dealer/shared';
import { SegmentedTabs } from '@/components/ui/segmented-tabs';
import { cn } from '@/lib/cn';

const PERIOD_LABELS: Record<SlotPeriod, string> = { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening' };
const PERIODS = Object.keys(SLOT_PERIODS) as SlotPeriod[];
const PERIOD_TABS = PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }));

function periodOf(time: string | undefined): SlotPeriod | undefined {
  return PERIODS.find((p) => (SLOT_PERIODS[p] as readonly string[]).includes(time ?? ''));
}

/** The chosen slot's period, else the first period with a free slot, else morning. */
export function openingPeriod(slots: readonly SlotAvailability[], value?: string): SlotPeriod {
  const free = new Set(slots.filter((s) => s.available).map((s) => s.time));
  return periodOf(value) ?? PERIODS.find((p) => SLOT_PERIODS[p].some((time) => free.has(time))) ?? 'morning';
}

/**
 * What a closed slot says: an hour of today that has begun is 'Past', a day the workshop does not
 * open is 'Closed'; 'Booked' is only for a slot whose places are all taken.
 */
function closedLabel(slot: SlotAvailability | undefined): string {
  if (slot?.reason === 'past') return 'Past';
  // A longer job cannot start there: it would run past closing, or it starts at the opening hour only.
  if (slot?.fit === 'runs-late') return 'Too late';
  if (slot?.fit === 'day-start') return 'Starts 8 AM';
  if (slot?.reason === 'closed') return 'Closed';
  return 'Booked';
}

export interface TimeSlotPickerProps {
  slots: readonly SlotAvailability[];
  value?: string;
  /** The slot an appointment being moved holds now: shown as 'Current', not as a choice. */
  currentTime?: string;
  onSelect(time: string): void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * The day's slots in three tabs, opened on the first period with a free slot; a closed slot is
 * disabled and says why ('Booked', 'Past' or 'Closed').
 */
export function TimeSlotPicker({ slots, value, currentTime, onSelect, invalid, describedBy }: TimeSlotPickerProps) {
  const [period, setPeriod] = useState<SlotPeriod>(() => openingPeriod(slots, value));
  const byTime = new Map(slots.map((s) => [s.time, s]));

  return (
    <SegmentedTabs label="Time of day" options={PERIOD_TABS} value={period} onValueChange={setPeriod} layout="thirds" className="mb-3">
      {(p) => (
        <div role="group" aria-label={`${PERIOD_LABELS[p]} time slots`} aria-describedby={describedBy} aria-invalid={invalid || undefined} className="grid grid-cols-2 gap-2">
          {SLOT_PERIODS[p].map((time) => {
            const slot = byTime.get(time);
            const isCurrent = time === currentTime;
            const available = slot?.available === true && !isCurrent;
            const label = isCurrent ? 'Current' : closedLabel(slot);
            const selected = value === time;
            return (
              <button
                key={time}
                type="button"
                disabled={!available}
                aria-pressed={selected}
                aria-label={available ? time : `${time} ${label}`}
                onClick={() => onSelect(time)}
                className={cn(
                  'flex h-12 flex-col items-center justify-center rounded-md border text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  selected
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : available
                      ? 'border-slate-300 bg-white text-slate-900 hover:border-brand-600 hover:bg-brand-50'
                      : 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400',
                )}
              >
                <span>{time}</span>
                {!available && (
                  // The leading space keeps the visible text '09:00 AM Booked', as the name says (axe's label-content-name-mismatch).
                  <span className={cn('text-xs font-normal', label === 'Booked' ? 'text-red-700' : 'text-slate-600')}>{` ${label}`}</span>
                )}
              </button>
            );
          })}
        </div>
      )}
    </SegmentedTabs>
  );
}
