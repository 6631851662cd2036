// The test-drives domain's public entry: the sales calendar. Other domains (leads) book through
// `TestDrivesService.bookTestDrive(actor, { vehicleId, date, time, customer, userId, leadId })`.
export { createTestDrivesService, type BookTestDriveInput, type TestDrivesDeps, type TestDrivesService } from './test-drives.service';
export { testDrivesRoutes } from './test-drives.routes';
export { testDriveMailTemplates } from './test-drives.messages';
export { queueDueTestDriveReminders, testDriveRemindersJob } from './test-drives.reminders';
export { countBookedOnDate as countTestDrivesBookedOnDate, salesTeamAddresses } from './test-drives.repository';
