// Fiscalisation (issue 26): control-unit interface, tax bands, QR text, KRA PIN, immutability.
export * from './types';
export * from './bands';
export * from './qr';
export * from './pin';
export * from './rules';
export * from './api';
export * from './strings';
export * from './codes';
export * from './items';
export * from './payment';
