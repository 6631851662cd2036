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
