import { execFile } from 'node:child_process';

/** The folder's git branch and the files that differ from HEAD (undefined outside a repository or without git). */
export function gitStatus(root: string): Promise<{ branch: string; changed: string[] } | undefined> {
  const git = (args: string[]) =>
    new Promise<string | undefined>((resolve) =>
      execFile('git', ['-C', root, ...args], { timeout: 5000, maxBuffer: 4 * 1024 * 1024 }, (error, stdout) => resolve(error ? undefined : stdout)),
    );
  return Promise.all([git(['rev-parse', '--abbrev-ref', 'HEAD']), git(['status', '--porcelain=v1', '--untracked-files=all', '--', '.'])]).then(([branch, status]) =>
    branch === undefined || status === undefined
      ? undefined
      : {
          branch: branch.trim(),
          // "XY path" (or "XY old -> new"): the path as it is now, relative to the repository's top.
          changed: status.split('\n').filter(Boolean).map((line) => line.slice(3).split(' -> ').pop()!),
        },
  );
}
