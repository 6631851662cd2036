// The estimates domain's public entry.
export { estimateDecisionsByPeriod } from './estimates.figures';
export { declinedLinesDue, type DeclinedLineDue } from './estimates.declined-due';
export { recommendedWorkFor, type RecommendedWork } from './estimates.recommended-work';
export { approvedWorkOf, type ApprovedWork } from './estimates.approved-work';
