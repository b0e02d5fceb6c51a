import type { StudioContext } from '../context';
import type { Sandbox } from '../sandbox/types';

/** The sandbox that runs publish and test calls. */
export const sandboxOf = (ctx: StudioContext): Sandbox => ctx.sandbox;
