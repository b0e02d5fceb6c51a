export const BUILD_OUTPUTS: string[];
export interface Instance {
  pid: number;
  command: string;
}
export function instancesUsing(root?: string): Instance[];
export function buildState(root?: string): { state: 'fresh' | 'missing' | 'stale' | 'in-use'; instances: Instance[] };
export function buildIfStale(options?: { quiet?: boolean; root?: string }): boolean;
