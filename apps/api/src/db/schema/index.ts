export * from './users';
export * from './vehicles';
export * from './maintenance';
export * from './audit';
export * from './operations';
export * from './buyers';
export * from './leads';
export * from './sales-desk';
