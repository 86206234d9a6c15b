import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../lib/errors';

/** Where uploaded files live. Keys look like `users/<userId>/logos/<random>.webp`. */
export interface FileStore {
  put(key: string, buffer: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ buffer: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with prefix (a folder such as `users/<userId>/`). */
  deletePrefix(prefix: string): Promise<void>;
}

/** The disk store derives a file's type from its extension, so only these are accepted. */
export const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
};

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;

/** A key is `/`-separated segments of safe characters; no `..`, no absolute paths, no empty parts. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((s) => SEGMENT.test(s) && s !== '.' && s !== '..' && !s.includes('..'));
}

function assertKey(key: string): void {
  if (!isSafeKey(key)) throw new AppError('bad_request', 'The file name is not valid');
}

export function createDiskStore(root: string): FileStore {
  const base = path.resolve(root);
  const resolve = (key: string): string => {
    const file = path.resolve(base, key);
    // Belt and braces on top of isSafeKey: never leave the root.
    if (!file.startsWith(base + path.sep)) throw new AppError('bad_request', 'The file name is not valid');
    return file;
  };
  return {
    async put(key, buffer, contentType) {
      assertKey(key);
      const ext = path.extname(key).toLowerCase();
      const known = CONTENT_TYPES[ext];
      if (!known) throw new Error(`disk store: no content type for extension '${ext}' of ${key}`);
      if (known.split(';')[0] !== contentType.split(';')[0].trim()) {
        throw new Error(`disk store: ${key} has extension ${ext} but content type ${contentType}`);
      }
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, buffer);
      await rename(tmp, file);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const contentType = CONTENT_TYPES[path.extname(key).toLowerCase()];
      if (!contentType) return null;
      try {
        return { buffer: await readFile(resolve(key)), contentType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw err;
      }
    },
    async delete(key) {
      assertKey(key);
      await rm(resolve(key), { force: true });
    },
    async deletePrefix(prefix) {
      const clean = prefix.replace(/\/+$/, '');
      assertKey(clean);
      if (prefix.endsWith('/')) {
        await rm(resolve(clean), { recursive: true, force: true });
        return;
      }
      // A prefix that is not a whole folder: remove matching entries of its parent folder.
      const dir = path.dirname(resolve(clean));
      const start = path.basename(clean);
      let names: string[] = [];
      try {
        names = await readdir(dir);
      } catch {
        return;
      }
      await Promise.all(names.filter((n) => n.startsWith(start)).map((n) => rm(path.join(dir, n), { recursive: true, force: true })));
    },
  };
}

declare module '../../lib/context' {
  interface Services {
    files?: FileStore;
  }
}
