// Test data shared by core, server and bench tests; kept out of the production entry point.
export * from './reports/fixture';
