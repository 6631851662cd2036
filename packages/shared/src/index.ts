export * from './constants';
export * from './maintenance-catalog';
export * from './format';
export * from './api-types';
export * from './schemas/auth';
export * from './schemas/vehicle';
export * from './schemas/maintenance';
export * from './schemas/users';
