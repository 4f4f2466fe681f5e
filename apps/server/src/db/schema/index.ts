export * from './auth.ts';
export * from './organization.ts';
