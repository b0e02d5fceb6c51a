// The parts of CDP objects the debugger panel reads (Chrome DevTools Protocol, Debugger/Runtime).

export interface RemoteObject {
  type: string;
  subtype?: string;
  className?: string;
  value?: unknown;
  unserializableValue?: string;
  description?: string;
  objectId?: string;
}

export interface Scope {
  type: 'global' | 'local' | 'with' | 'closure' | 'catch' | 'block' | 'script' | 'eval' | 'module' | string;
  object: RemoteObject;
  name?: string;
}

export interface CallFrame {
  callFrameId: string;
  functionName: string;
  location: { scriptId: string; lineNumber: number; columnNumber: number };
  url: string;
  scopeChain: Scope[];
  this: RemoteObject;
}

export interface PausedEvent {
  reason: string;
  callFrames: CallFrame[];
  data?: RemoteObject;
  hitBreakpoints?: string[];
}

export interface PropertyDescriptor {
  name: string;
  value?: RemoteObject;
  get?: RemoteObject;
}

/** Frames of the sandbox's own runtime (the batch loop): hidden unless asked for. */
export const RUNTIME_URL = 'sandbox runtime';

/** A value in one line: strings quoted, objects by their description. */
export function previewOf(value: RemoteObject | undefined): string {
  if (!value) return 'undefined';
  if (value.unserializableValue) return value.unserializableValue;
  if (value.type === 'string') return JSON.stringify(value.value);
  if (value.type === 'undefined') return 'undefined';
  if (value.subtype === 'null') return 'null';
  if (value.type === 'object' || value.type === 'function') return value.description ?? value.className ?? value.type;
  return String(value.value ?? value.description);
}
