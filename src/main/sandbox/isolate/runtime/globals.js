// @ts-check
/* exported installGlobals */
// The globals user code gets besides the language's own: log, getCredential, fetch, fetchV2,
// geolocation (the host halves are in ../../host/).

/**
 * @param {ReturnType<typeof captureIntrinsics>} I
 * @param {{ logs: string[]; logEvents: number[]; current: number; logChars: number; logsDropped: number }} state
 * @param {ReturnType<typeof createHostCalls>} calls
 * @param {(key: string) => unknown} hostCredential
 * @param {{ maxLogLines: number; maxLogChars: number }} limits
 */
function installGlobals(I, state, calls, hostCredential, limits) {
  const G = /** @type {any} */ (I.global);
  G.global = G;

  // log(...args): runs entirely in here (no host call per line): each call is recorded as
  // "Log: a b", objects through JSON.stringify, like the hosted service's test runs, with the
  // index of the input event whose transformEvent call was running (-1: batch level, or after an
  // await, when the line cannot be tied to one event).
  G.log = function log() {
    if (state.logs.length >= limits.maxLogLines || state.logChars >= limits.maxLogChars) {
      state.logsDropped++;
      return;
    }
    let line = 'Log:';
    for (let k = 0; k < arguments.length; k++) {
      const arg = arguments[k];
      let part;
      try {
        part = typeof arg === 'object' ? I.stringify(arg) : I.String(arg);
        if (part === undefined) part = I.String(arg);
      } catch (_) {
        try { part = I.String(arg); } catch (__) { part = '[value that cannot be shown]'; }
      }
      line += ' ' + part;
    }
    state.logs[state.logs.length] = line;
    state.logEvents[state.logEvents.length] = state.current;
    state.logChars += line.length;
  };

  // getCredential(key): the key check happens here (a TypeError of this realm); the lookup is one
  // synchronous host call that receives a copied string and answers a copied string.
  /** @param {unknown} key */
  G.getCredential = function getCredential(key) {
    if (key === null || key === undefined) throw new I.TypeError('Key should be valid and defined');
    const value = hostCredential(I.String(key));
    return typeof value === 'string' ? value : undefined;
  };

  // fetch(url, options) resolves to the parsed JSON body or 'ERROR' (never rejects); fetchV2
  // resolves to {url, status, headers, body} and rejects on network failure. The hosted host half
  // starts with `if (args.length === 0) throw new Error('fetch url is required'); args[0].trim()`,
  // so a missing or non-string URL fails with those words before any request: checked here,
  // where the arguments still have their own types.
  /** @param {unknown[]} args */
  const urlProblem = (args) => {
    if (args.length === 0) return { message: 'fetch url is required', name: 'Error' };
    const url = args[0];
    if (url === null || url === undefined) return { message: 'Cannot read properties of ' + url + " (reading 'trim')", name: 'TypeError' };
    if (typeof url !== 'string') return { message: 'args[0].trim is not a function', name: 'TypeError' };
    return null;
  };
  /** @param {unknown[]} args */
  const fetchArgs = (args) => [args[0], args[1] === undefined ? null : args[1]];
  /** @param {unknown[]} args */
  G.fetch = function fetch(...args) {
    if (urlProblem(args)) return I.resolve('ERROR');
    return I.then(calls.hostCall('fetch', fetchArgs(args)), (/** @type {unknown} */ value) => value, () => 'ERROR');
  };
  /** @param {unknown[]} args */
  G.fetchV2 = function fetchV2(...args) {
    const problem = urlProblem(args);
    if (problem) return I.reject(calls.rejection(problem));
    return calls.hostCall('fetchV2', fetchArgs(args));
  };

  // geolocation(ip): location data from the geolocation service of the sandbox settings.
  /** @param {unknown} ip */
  G.geolocation = function geolocation(ip) {
    return calls.hostCall('geolocation', [ip === undefined ? null : ip]);
  };
}
