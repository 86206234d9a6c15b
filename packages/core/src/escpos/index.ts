export * from './encode';
export * from './receipt';
export * from './raster';
