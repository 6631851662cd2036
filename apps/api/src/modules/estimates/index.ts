// The estimates domain's public entry.
export { estimateDecisionsByPeriod } from './estimates.figures';
export { recommendedWorkFor, type RecommendedWork } from './estimates.recommended-work';
