/** Ends a command with an exit code and a message for stderr (thrown, so cores and files close first). */
export class ExitError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** What a command writes to and how it fails: the CLI's streams, or a test's buffers. */
export const processIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  fail: (code, message) => {
    throw new ExitError(code, message);
  },
};
