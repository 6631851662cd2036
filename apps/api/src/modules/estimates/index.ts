// The estimates domain's public entry.
export { estimateDecisionsByPeriod } from './estimates.figures';
