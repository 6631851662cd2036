export { violatedUniqueIndex } from '../../infra/unique-violation';
