export * from './schedule';
export * from './schemas';
