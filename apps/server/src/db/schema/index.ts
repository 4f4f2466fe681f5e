export * from './auth.ts';
export * from './content.ts';
export * from './messages.ts';
export * from './notices.ts';
export * from './operations.ts';
export * from './organization.ts';
export * from './pump-stations.ts';
export * from './telemetry.ts';
