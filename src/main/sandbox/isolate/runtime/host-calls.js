// @ts-check
/* exported createHostCalls */
// Host requests of user code (fetch, fetchV2, geolocation): each is a promise in here, started
// through the ignored host callback `hostStart(kind, id, json)`, and settled when the host hands
// the answer back (entry op 'settle'). At most `maxPendingCalls` at a time.

/**
 * @param {ReturnType<typeof captureIntrinsics>} I
 * @param {(kind: string, id: number, json: string) => void} hostStart
 * @param {number} maxPendingCalls
 */
function createHostCalls(I, hostStart, maxPendingCalls) {
  /** @type {Map<number, [(value: unknown) => void, (error: unknown) => void]>} */
  const pending = new I.Map();
  let nextCallId = 0;

  /**
   * @param {string} kind
   * @param {unknown[]} args
   * @returns {Promise<unknown>}
   */
  function hostCall(kind, args) {
    return new I.Promise((resolve, reject) => {
      let json;
      try { json = I.stringify(args); } catch (error) { reject(error); return; }
      if (I.mapSize(pending) >= maxPendingCalls) {
        reject(new I.Error('too many pending requests: at most ' + maxPendingCalls + ' at a time'));
        return;
      }
      const id = ++nextCallId;
      I.mapSet(pending, id, [resolve, reject]);
      hostStart(kind, id, json === undefined ? '[]' : json);
    });
  }

  /**
   * @param {number} id
   * @param {boolean} ok
   * @param {string} json
   */
  function settle(id, ok, json) {
    const call = I.mapGet(pending, id);
    if (!call) return;
    I.mapDelete(pending, id);
    let value;
    try { value = I.parse(json); } catch (_) { call[1](new I.Error('invalid answer from the host')); return; }
    if (ok) call[0](value); else call[1](rejection(value));
  }

  // The hosted runtime rejects fetchV2 and geolocation with a plain copy of the host error's own
  // properties, not an Error:
  //   const err = JSON.parse(JSON.stringify(error, Object.getOwnPropertyNames(error)));
  //   reject.applyIgnored(undefined, [new ivm.ExternalCopy(err).copyInto()]);
  // A plain Error's own properties are stack, message; node-fetch's FetchError's are message,
  // type, errno, code, stack. The stack here is its first line only (no host frames).
  /** @param {any} failure */
  function rejection(failure) {
    const message = I.String(failure && failure.message);
    const stack = I.String(failure && failure.name) + ': ' + message;
    const fields = failure && failure.fields;
    if (!fields) return { stack, message };
    /** @type {Record<string, string>} */
    const out = { message };
    const keys = ['type', 'errno', 'code'];
    for (let k = 0; k < keys.length; k++) if (typeof fields[keys[k]] === 'string') out[keys[k]] = fields[keys[k]];
    out.stack = stack;
    return out;
  }

  return {
    hostCall,
    settle,
    rejection,
    /** Host requests not answered yet. */
    count: () => I.mapSize(pending),
    /** A new run: requests of the last one are forgotten. */
    clear: () => I.mapClear(pending),
  };
}
