import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { closedDayLabel, type ClosureDay } from '@dealer/shared';
import { cn } from '@/lib/cn';
import { addDays, addMonths, dayOfMonth, formatFullDate, formatMonthTitle, isSunday, monthGrid, monthOf } from '../utils/calendar-dates';

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

const NO_CLOSURES: readonly ClosureDay[] = [];
const beyondHorizonOf = (date: string, lastDate?: string) => lastDate !== undefined && date > lastDate;

const ARROW_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

export interface BookingCalendarProps {
  /** The workshop's today, YYYY-MM-DD: earlier dates cannot be picked. */
  today: string;
  /** The last date that can be booked (the booking horizon): later dates cannot be picked or browsed to. */
  lastDate?: string;
  /** The month on show, YYYY-MM. */
  month: string;
  onMonthChange(month: string): void;
  value?: string;
  onSelect(date: string): void;
  /** Dates of the month on which no slot can be booked. */
  unavailableDates?: readonly string[];
  /** Dates whose slots are all taken: shown in red and labelled 'Unavailable'. */
  fullDates?: readonly string[];
  /** Closure days of the month (holidays, training days): labelled 'Closed' and listed with their reason. */
  closedDays?: readonly ClosureDay[];
  loading?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * A month of buttons, one per day. One day is in the tab order at a time (the chosen one, else the
 * first free one); the arrow keys move between free days, across months too.
 */
export function BookingCalendar({
  today,
  lastDate,
  month,
  onMonthChange,
  value,
  onSelect,
  unavailableDates = [],
  fullDates = [],
  closedDays = NO_CLOSURES,
  loading,
  invalid,
  describedBy,
}: BookingCalendarProps) {
  const unavailable = useMemo(() => new Set(unavailableDates), [unavailableDates]);
  const full = useMemo(() => new Set(fullDates), [fullDates]);
  const closedOn = useMemo(() => new Map(closedDays.map((d) => [d.date, d.reason])), [closedDays]);
  const fullShown = [...full].filter((d) => monthOf(d) === month && d >= today && !isSunday(d) && !closedOn.has(d)).sort();
  const closuresShown = closedDays.filter((d) => monthOf(d.date) === month && d.date >= today && !beyondHorizonOf(d.date, lastDate));
  const weeks = useMemo(() => monthGrid(month), [month]);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [pendingFocus, setPendingFocus] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);

  const beyondHorizon = (date: string) => lastDate !== undefined && date > lastDate;
  const isDisabled = (date: string) =>
    date < today || beyondHorizon(date) || isSunday(date) || unavailable.has(date) || full.has(date) || closedOn.has(date);
  const days = weeks.flat().filter((d): d is string => d !== null);
  const firstFree = days.find((d) => !isDisabled(d));
  const inMonthAndFree = (date: string | null | undefined): date is string => Boolean(date) && monthOf(date!) === month && !isDisabled(date!);
  const tabStop = inMonthAndFree(focused) ? focused : inMonthAndFree(value) ? value : (firstFree ?? null);
  const canGoBack = month > monthOf(today);
  const canGoForward = lastDate === undefined || month < monthOf(lastDate);

  useEffect(() => {
    if (!pendingFocus) return;
    const button = buttons.current.get(pendingFocus);
    if (button) {
      button.focus();
      setPendingFocus(null);
    }
  }, [pendingFocus, month, weeks]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, date: string) {
    const step = ARROW_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    // Walk in the arrow's direction to the next day that can be picked (within a few months).
    let next = addDays(date, step);
    for (let i = 0; i < 120 && next >= today && isDisabled(next) && monthOf(next) === monthOf(date); i += 1) next = addDays(next, step);
    if (next < today || beyondHorizon(next)) return;
    if (monthOf(next) !== month) {
      onMonthChange(monthOf(next));
      // The other month's free days are not known yet: land on the first free one once it renders.
      setPendingFocus(isSunday(next) ? addDays(next, step > 0 ? 1 : -1) : next);
      return;
    }
    if (isDisabled(next)) return;
    setPendingFocus(next);
  }

  return (
    <div className="w-full max-w-sm rounded-lg border border-slate-200 p-3" aria-busy={loading || undefined}>
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          onClick={() => onMonthChange(addMonths(month, -1))}
          disabled={!canGoBack}
          aria-label="Previous month"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 disabled:opacity-40"
        >
          <ChevronLeft className="size-4" aria-hidden />
        </button>
        <h3 className="text-sm font-semibold" aria-live="polite" id={`calendar-${month}`}>
          {formatMonthTitle(month)}
        </h3>
        <button
          type="button"
          onClick={() => onMonthChange(addMonths(month, 1))}
          disabled={!canGoForward}
          aria-label="Next month"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 disabled:opacity-40"
        >
          <ChevronRight className="size-4" aria-hidden />
        </button>
      </div>
      <div role="group" aria-labelledby={`calendar-${month}`} aria-describedby={describedBy} aria-invalid={invalid || undefined}>
        <div className="grid grid-cols-7 gap-1" aria-hidden>
          {WEEKDAYS.map(([short, long]) => (
            <abbr key={short} title={long} className="py-1 text-center text-xs font-medium text-slate-500 no-underline">
              {short}
            </abbr>
          ))}
        </div>
        <div className="grid grid-cols-7 gap-1">
          {weeks.flat().map((date, index) => {
            if (!date) return <span key={`pad-${index}`} aria-hidden />;
            const disabled = isDisabled(date);
            const closure = date >= today && !beyondHorizon(date) ? closedOn.get(date) : undefined;
            const isFull = !closure && full.has(date) && date >= today && !isSunday(date);
            const selected = date === value;
            return (
              <button
                key={date}
                ref={(el) => {
                  if (el) buttons.current.set(date, el);
                  else buttons.current.delete(date);
                }}
                type="button"
                disabled={disabled}
                tabIndex={date === tabStop ? 0 : -1}
                aria-pressed={selected}
                aria-label={
                  closure ? `${formatFullDate(date)}, ${closedDayLabel(closure)}` : isFull ? `${formatFullDate(date)}, Unavailable` : formatFullDate(date)
                }
                title={closure ? closedDayLabel(closure) : undefined}
                aria-current={date === today ? 'date' : undefined}
                onClick={() => onSelect(date)}
                onFocus={() => setFocused(date)}
                onKeyDown={(event) => onKeyDown(event, date)}
                className={cn(
                  'flex h-11 flex-col items-center justify-center rounded-md text-sm leading-none transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
                  selected
                    ? 'bg-brand-700 font-semibold text-white'
                    : closure
                      ? 'cursor-not-allowed bg-slate-100 font-medium text-slate-600'
                      : isFull
                        ? 'bg-red-50 font-medium text-red-700'
                      : disabled
                        ? 'cursor-not-allowed text-slate-300 line-through decoration-slate-300'
                        : 'text-slate-900 hover:bg-brand-50',
                  date === today && !selected && 'ring-1 ring-brand-600 ring-inset',
                )}
              >
                <span>{dayOfMonth(date)}</span>
                {/* Said in the button's name with the reason ('Closed: Staff training'); read once, not twice. */}
                {closure && (
                  <span className="mt-0.5 block text-[9px] leading-[1.1] font-normal" aria-hidden>
                    Closed
                  </span>
                )}
                {/* 'Unavailable' is wider than a day's cell at any width (it broke mid-word): the cell
                    is red with a mark, and the word heads the list of such days under the month. */}
                {isFull && <span className="mt-1 block size-1.5 rounded-full bg-red-600" aria-hidden />}
              </button>
            );
          })}
        </div>
      </div>
      {fullShown.length > 0 && (
        <ul className="mt-3 grid gap-1 text-xs text-slate-700" aria-label="Fully booked days this month">
          {fullShown.map((date) => (
            <li key={date}>
              <span className="font-medium text-red-700">Unavailable</span>, {formatFullDate(date)}
            </li>
          ))}
        </ul>
      )}
      {closuresShown.length > 0 && (
        <ul className="mt-3 grid gap-1 text-xs text-slate-700" aria-label="Closure days this month">
          {closuresShown.map((d) => (
            <li key={d.date}>
              <span className="font-medium">{closedDayLabel(d.reason)}</span>, {formatFullDate(d.date)}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-brand-700" aria-hidden /> Selected
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded-sm border border-red-300 bg-red-50" aria-hidden /> <span className="text-red-700">Unavailable</span> (fully booked)
        </span>
        <span>Closed on Sundays</span>
      </p>
    </div>
  );
}
