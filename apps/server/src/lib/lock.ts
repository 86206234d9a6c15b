import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** PGlite has no cross-process lock: refuse a second server on the same DATA_DIR. */
export function acquireDataDirLock(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && alive(pid)) {
      console.error(`Another Duka server (pid ${pid}) is using ${dataDir}. Stop it or set DATA_DIR to another folder.`);
      process.exit(1);
    }
    unlinkSync(file);
  }
  const fd = openSync(file, 'wx');
  writeSync(fd, String(process.pid));
  closeSync(fd);
  process.on('exit', () => {
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  });
}
