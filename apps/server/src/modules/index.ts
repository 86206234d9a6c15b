import type { Module } from '../lib/context';
import { healthRoutes } from './health/routes';

/** Every API module, in registration order. Add a module's routes here. */
export const modules: Module[] = [healthRoutes];
