// Analytics (issue 17): periods, the report maths shared by the device and the server.
export * from './period';
export * from './ethiopian-period';
export * from './summary';
export * from './facts';
export * from './csv';
export * from './vat';
export * from './vat-foreign';
export * from './cashup';
