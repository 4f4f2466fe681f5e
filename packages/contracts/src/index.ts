export * from './auth.ts';
export * from './common/endpoint.ts';
export * from './common/envelope.ts';
export * from './common/locale.ts';
export * from './common/pagination.ts';
export * from './common/permissions.ts';
export * from './common/validation.ts';
export * from './account.ts';
