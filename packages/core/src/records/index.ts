export * from './constants';
export * from './fees';
export * from './permalink';
export * from './schemas';
export * from './sync';
export * from './phone';
export * from './text';
export * from './expense-tax';
