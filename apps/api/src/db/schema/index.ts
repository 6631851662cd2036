export * from './users';
export * from './vehicles';
export * from './maintenance';
export * from './audit';
export * from './operations';
export * from './workshop';
