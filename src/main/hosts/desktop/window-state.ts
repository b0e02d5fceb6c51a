import type { Rectangle } from 'electron';
import { readFileSync, writeFileSync } from 'node:fs';

/** Remembered window bounds (userData/window-state.json); sane values only. */
export function readWindowBounds(file: string): Partial<Rectangle> | undefined {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<Rectangle>;
    const ok = (n: unknown, min: number) => typeof n === 'number' && Number.isFinite(n) && n >= min && n < 100_000;
    if (!ok(value.width, 400) || !ok(value.height, 300)) return undefined;
    return { width: value.width, height: value.height, ...(ok(value.x, -100_000) && ok(value.y, -100_000) ? { x: value.x, y: value.y } : {}) };
  } catch {
    return undefined;
  }
}

export function writeWindowBounds(file: string, bounds: Rectangle): void {
  try {
    writeFileSync(file, JSON.stringify(bounds), { mode: 0o600 });
  } catch {
    // next launch opens with the default size
  }
}
