export * from './limits';
export * from './schedule';
export * from './schemas';
export * from './source';
