/** 150 -> '2 h 30 min', 45 -> '45 min', 120 -> '2 h' (a median may be half a minute: rounded). */
export function formatMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** 1/3 -> '33.3%', 0.5 -> '50%'. */
export function formatShare(share: number): string {
  const percent = Math.round(share * 1000) / 10;
  return `${percent.toLocaleString('en-US')}%`;
}

/** 1 -> '1 day', 43.7 -> '43.7 days'. */
export function formatDays(days: number): string {
  return `${days.toLocaleString('en-US')} ${days === 1 ? 'day' : 'days'}`;
}

/** A part of a whole in percent; a dash when the whole is nothing. */
export function shareOf(part: number, whole: number): string {
  return whole === 0 ? '—' : formatShare(part / whole);
}

const dayOf = (date: string) => new Date(`${date}T12:00:00Z`);
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * A report period's name: a whole month by its name ('November 2026'), otherwise its first and last day
 * ('Nov 2 – Nov 8, 2026'; the year on both sides when they differ).
 */
export function periodLabel({ from, to }: { from: string; to: string }): string {
  // Day 0 of the next month is this month's last day.
  const lastOfMonth = new Date(Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)), 0)).getUTCDate() === Number(to.slice(8));
  if (from.slice(8) === '01' && from.slice(0, 7) === to.slice(0, 7) && lastOfMonth) return monthYear.format(dayOf(from));
  const [fromYear, toYear] = [from.slice(0, 4), to.slice(0, 4)];
  if (from === to) return `${monthDay.format(dayOf(from))}, ${fromYear}`;
  return fromYear === toYear
    ? `${monthDay.format(dayOf(from))} – ${monthDay.format(dayOf(to))}, ${toYear}`
    : `${monthDay.format(dayOf(from))}, ${fromYear} – ${monthDay.format(dayOf(to))}, ${toYear}`;
}
