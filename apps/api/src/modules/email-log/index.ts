// The admin e-mail log's public entry: every message the product sent or is sending, and resend.
export { createEmailLogService, type EmailLogService } from './email-log.service';
export { emailLogRoutes } from './email-log.routes';
