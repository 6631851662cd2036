// Moved: import from @/testing/factories.
export { image, vehicle } from '@/testing/factories';
