export * from './encode';
export * from './receipt';
export * from './ticket';
export * from './raster';
