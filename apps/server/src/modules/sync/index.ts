// The public entry of the sync module: other modules and the app import only what is exported here
// (ESLint refuses imports of another module's files; tests may also use its test-utils).
export { syncRoutes } from './routes';
export { countLive, getOne, list, toRecord } from './service';
export { applyMutations, type Mutation, type MutationResult } from './engine';
export {
  afterWriteQuiet,
  extendSyncCollection,
  getAdapter,
  quietAfterWrite,
  registerSyncCollection,
  type BatchState,
  type Data,
  type Row,
  type SyncAdapter,
} from './registry';
export { recordRoutes, unwrap } from './rest';
export { fieldMapper, sameFieldsAs } from './fields';
export { allDone, eachId, eachSeek, fixed, inIds, insertJson, selectJson } from './bulk';
