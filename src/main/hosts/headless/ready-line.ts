/** Prefix of the line a supervised core prints once it accepts requests (then JSON: url, email, pid). */
export const READY_PREFIX = 'STUDIO_READY ';

export interface ReadyLine {
  url: string;
  email: string;
  pid: number;
}

/** Parses a supervised core's ready line; undefined for any other line. */
export function parseReadyLine(line: string): ReadyLine | undefined {
  if (!line.startsWith(READY_PREFIX)) return undefined;
  try {
    const value = JSON.parse(line.slice(READY_PREFIX.length)) as Partial<ReadyLine>;
    if (typeof value.url === 'string' && typeof value.email === 'string' && typeof value.pid === 'number') return value as ReadyLine;
  } catch {
    // not a ready line
  }
  return undefined;
}
