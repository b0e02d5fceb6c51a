import { auth } from './client';
import { coreConnection } from './core-connection';

/**
 * Reads a server-sent event stream of the studio API with fetch (it carries the Authorization
 * header, which EventSource cannot) until it ends or `signal` aborts; each `data:` block is parsed
 * as JSON and handed to `onEvent`. `onOpen` is called once the stream answered.
 */
export async function readServerEvents<T>(path: string, onEvent: (event: T) => void, signal: AbortSignal, onOpen?: () => void): Promise<void> {
  await coreConnection.whenUp(signal);
  signal.throwIfAborted();
  const credentials = auth.get();
  let response: Response;
  try {
    response = await fetch(path, { headers: credentials ? { Authorization: `Basic ${credentials}` } : {}, signal });
  } catch (error) {
    if (!signal.aborted) coreConnection.lost();
    throw error;
  }
  coreConnection.reached();
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  onOpen?.();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (!signal.aborted) coreConnection.lost();
      throw error;
    }
    const { value, done } = chunk;
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith('data: ')) onEvent(JSON.parse(block.slice(6)) as T);
    }
  }
}
