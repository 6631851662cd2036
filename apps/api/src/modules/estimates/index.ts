// The estimates domain's public entry: a job's estimate and the customer's line-by-line decision.
export { createEstimatesService, type EstimatesDeps, type EstimatesService } from './estimates.service';
export { estimatesRoutes } from './estimates.routes';
export { estimateMailTemplates } from './estimates.messages';
export { estimateLinkToken, readEstimateLinkToken } from './estimates.token';
export { estimateDecisionsByPeriod } from './estimates.figures';
export { declinedLinesDue, type DeclinedLineDue } from './estimates.declined-due';
export { recommendedWorkFor, type RecommendedWork } from './estimates.recommended-work';
export { approvedWorkOf, type ApprovedWork } from './estimates.approved-work';
