// Plans and AI credit: the catalogue (no zod, light for the web pages) and the API schemas.
export * from './catalog';
export * from './schemas';
export * from './pricing';
