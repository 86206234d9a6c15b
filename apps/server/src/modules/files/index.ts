// The public entry of the files module: other modules and the app import only what is exported here
// (ESLint refuses imports of another module's files; tests may also use its test-utils).
export { filesRoutes } from './routes';
export { fileUrl, getFiles, normaliseImage, randomName, userPrefix } from './service';
export { MAX_IMAGE_PIXELS } from './image';
