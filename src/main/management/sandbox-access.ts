import type { StudioContext } from '../context';
import { StudioError } from '../errors';
import type { Sandbox } from '../sandbox/types';

/** The sandbox of this instance; publishing and testing cannot work without it. */
export function sandboxOf(ctx: StudioContext): Sandbox {
  const sandbox = (ctx as { sandbox?: Sandbox }).sandbox;
  if (!sandbox) throw new StudioError('unavailable', 'the code sandbox is not available: versions cannot be tested or published');
  return sandbox;
}
