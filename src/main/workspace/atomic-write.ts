import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Writes beside the file, then renames over it: readers see the old or the new content, never half. */
export function writeAtomically(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.${Date.now()}-${process.pid}.studio-tmp`);
  writeFileSync(temporary, content);
  renameSync(temporary, path);
}
