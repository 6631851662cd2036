// The health check's public entry: only the composition root uses it.
export { healthRoutes } from './health.routes';
