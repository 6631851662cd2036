// The audit trail: every domain records its admin changes here inside the change's transaction; admin reads them back.
export { listAudit, listAuditLog, recordAudit, type AuditInput, type AuditLogFilters } from './audit.repository';
