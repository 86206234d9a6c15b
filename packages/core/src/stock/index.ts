export * from './movements';
export * from './defaults';
export * from './levels';
export * from './math';
export * from './invoice';
export * from './csv';
export * from './api';
