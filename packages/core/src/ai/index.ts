export * from './types';
export * from './validation';
export * from './samples';
export * from './examples';
