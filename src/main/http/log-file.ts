import { closeSync, fchmodSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

// The studio log rotates by size: past `maxBytes` the file becomes `<name>.1` (older ones move
// up to `<name>.<files-1>`, the oldest is dropped) and a new file starts. Writes are synchronous
// (one line per request at most), so a crash loses no line and the order holds.

export interface LogRotation {
  /** Size of one file before it rotates (default 5 MB). */
  maxBytes: number;
  /** Files kept, the current one included (default 3). */
  files: number;
}

export const DEFAULT_LOG_ROTATION: LogRotation = { maxBytes: 5 * 1024 * 1024, files: 3 };

/** A pino destination (`write(line)`) that writes to `path` and rotates it by size. */
export function rotatingLogFile(path: string, options: Partial<LogRotation> = {}) {
  const { maxBytes, files } = { ...DEFAULT_LOG_ROTATION, ...options };
  mkdirSync(dirname(path), { recursive: true });
  // 0600 however the file comes about (first start or after a rotation), whatever the umask.
  const open = () => {
    const opened = openSync(path, 'a', 0o600);
    fchmodSync(opened, 0o600);
    return opened;
  };
  let fd = open();
  let size = fstatSync(fd).size;
  let closed = false;

  const rotate = () => {
    closeSync(fd);
    rmSync(`${path}.${files - 1}`, { force: true });
    for (let i = files - 2; i >= 1; i--) {
      try {
        renameSync(`${path}.${i}`, `${path}.${i + 1}`);
      } catch {
        // not there yet
      }
    }
    if (files > 1) renameSync(path, `${path}.1`);
    else rmSync(path, { force: true });
    fd = open();
    size = 0;
  };

  return {
    write(line: string): boolean {
      if (closed) return true; // a line logged while the studio shuts down
      const bytes = Buffer.byteLength(line);
      if (size > 0 && size + bytes > maxBytes) rotate();
      writeSync(fd, line);
      size += bytes;
      return true;
    },
    close(): void {
      if (closed) return;
      closed = true;
      closeSync(fd);
    },
  };
}
