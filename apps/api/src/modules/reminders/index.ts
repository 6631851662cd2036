// The reminders domain's public entry: service intervals, the daily reminder job, the customer's switch and unsubscribe, and the owner's figures.
export { remindersByPeriod } from './reminders.figures';
export { createRemindersService, type RemindersService } from './reminders.service';
export { remindersRoutes } from './reminders.routes';
export { bookingPath, sendDueReminders, serviceRemindersJob, type ReminderJobDeps } from './reminders.job';
export { reminderMailTemplates } from './reminders.messages';
export { reminderUnsubscribeToken } from './reminders.unsubscribe';
