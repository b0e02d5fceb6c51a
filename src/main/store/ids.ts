import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';

const requireCjs = createRequire(import.meta.url);
const KSUID = requireCjs('ksuid') as { randomSync(time?: number | Date): { string: string } };

/** 27-character, time-sortable KSUID, the id format of the hosted service. */
export const newId = (): string => KSUID.randomSync().string;

/** A random secret made of URL-safe characters (tokens, write keys). */
export const newSecret = (bytes = 24): string => randomBytes(bytes).toString('base64url');
