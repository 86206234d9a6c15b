import { apiPath } from '@duka/core';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { AppContext } from '../../lib/context';
import { createS3Store } from './s3-store';
import { createDiskStore, type FileStore } from './store';

export { normaliseImage } from './image';
export type { FileStore } from './store';

/** Typed access to the file store other modules use (ctx.services.files). */
export function getFiles(ctx: AppContext): FileStore {
  const files = ctx.services.files;
  if (!files) throw new Error('the files module is not registered');
  return files;
}

/** S3_BUCKET set: the S3-compatible bucket; otherwise the disk under DATA_DIR/files. */
export function createFileStore(ctx: AppContext): FileStore {
  if (ctx.config.s3) return createS3Store(ctx.config.s3);
  return createDiskStore(path.join(ctx.config.dataDir, 'files'));
}

/** 128 random bits, URL-safe: file keys hold one so their URLs cannot be guessed. */
export function randomName(ext: string): string {
  return randomBytes(16).toString('hex') + ext;
}

/** Key of everything that belongs to one user; deleting this prefix removes all their files. */
export function userPrefix(userId: string): string {
  return `users/${userId}/`;
}

/** The URL the API serves a stored file at (relative, so it works behind any host). */
export function fileUrl(key: string): string {
  return apiPath('GET /files/*', { '*': key });
}
