import { DROP_OFF_TIME, durationText, formatWeekdayDate, type ServiceDurationRow } from '@dealer/shared';

/**
 * How long the job takes, as the wizard says it: 'Takes about 2 hours', or for a job of working days
 * 'Takes about 3 working days: drop the car off at 8:00 AM on Tuesday, March 10' once a day is chosen.
 */
export function jobDurationSentence(duration: Pick<ServiceDurationRow, 'unit' | 'amount'>, date?: string): string {
  const text = durationText(duration);
  if (duration.unit === 'hours') return text;
  if (!date) return `${text}: drop the car off at ${DROP_OFF_TIME} on the first day`;
  // 'Tuesday, March 10, 2026' without the year: the calendar beside it shows the year.
  const day = formatWeekdayDate(date).replace(/, \d{4}$/, '');
  return `${text}: drop the car off at ${DROP_OFF_TIME} on ${day}`;
}
