export interface Room {
  may: string[];
  entries?: string[];
  deep?: string[];
  parent?: string;
  files?: Record<string, string[]>;
}
export const ALWAYS: string[];
export const ROOMS: Record<string, Room>;
export function roomOf(rel: string): string | undefined;
export function refusal(from: string, to: string): string | undefined;
export const RENDERER_SHARED: string[];
export function rendererRefusal(from: string, to: string, dynamic?: boolean): string | undefined;
