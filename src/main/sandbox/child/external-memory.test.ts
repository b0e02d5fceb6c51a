import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExternalCollector, type Collect } from './external-memory';

// The policy alone (process-external-memory.test.ts runs it in a real sandbox process): collect
// at once past the larger amount, after an idle while past the smaller one, never while busy.

const MB = 1048576;
const options = { idleBytes: 8 * MB, idleMs: 100, forceBytes: 16 * MB };

describe('external-string collector', () => {
  let external = 0;
  let gc: ReturnType<typeof vi.fn<Collect>>;
  const collector = () => createExternalCollector(options, { gc, externalBytes: () => external });
  beforeEach(() => {
    vi.useFakeTimers();
    gc = vi.fn<Collect>(async () => {
      external = 0;
    });
  });
  afterEach(() => vi.useRealTimers());

  it('past the larger amount: collects right after the answer, busy or not', () => {
    const c = collector();
    external = 20 * MB;
    c.begin();
    c.end(false);
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'async' });
  });

  it('between replay batches: only past the larger amount', () => {
    const c = collector();
    external = 10 * MB;
    c.check();
    vi.advanceTimersByTime(1000);
    expect(gc).not.toHaveBeenCalled();
    external = 17 * MB;
    c.check();
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('past the smaller amount: collects once the process has been idle for idleMs', () => {
    const c = collector();
    external = 10 * MB;
    c.begin();
    c.end(true);
    vi.advanceTimersByTime(99);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('a request arriving within idleMs, or others still in flight, put it off', () => {
    const c = collector();
    external = 10 * MB;
    c.end(false); // others in flight
    vi.advanceTimersByTime(500);
    expect(gc).not.toHaveBeenCalled();
    c.end(true);
    vi.advanceTimersByTime(50);
    c.begin(); // the next request
    vi.advanceTimersByTime(500);
    expect(gc).not.toHaveBeenCalled();
  });

  it('under the smaller amount: nothing to do', () => {
    const c = collector();
    external = 4 * MB;
    c.end(true);
    vi.advanceTimersByTime(1000);
    expect(gc).not.toHaveBeenCalled();
  });

  it('without --expose-gc: does nothing', () => {
    const c = createExternalCollector(options, { externalBytes: () => 100 * MB });
    expect(() => {
      c.end(true);
      c.check();
      vi.advanceTimersByTime(1000);
    }).not.toThrow();
  });
});
