/** Crashes of a sandbox process in a row, by runs of one version, before the pipeline stops running it. */
export const CRASH_LIMIT = 3;

/** Why a destination is paused: what happened and how to go on. */
export const quarantineReason = (lastCrash: string, crashes: number) =>
  `quarantined: its transformation version crashed the sandbox process ${crashes} times in a row (last: ${lastCrash}). ` +
  'Events wait in the queue: fix the code and publish a new version, or enable the destination again to retry this one.';
