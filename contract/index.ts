export * from './envelope';
export * from './auth';
export * from './menu';
export * from './notifications';
export * from './complaints';
export * from './type-of-offences';
export * from './paths';
export * from './complaint-status';
