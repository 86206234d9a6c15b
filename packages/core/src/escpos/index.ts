export * from './encode';
export * from './receipt';
