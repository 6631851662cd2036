// The reminders domain's public entry.
export { remindersByPeriod } from './reminders.figures';
