import { parseArgs } from 'node:util';
import { isOneShotCommand, ONE_SHOT_COMMANDS, type OneShotCommand } from '../../../shared/one-shot';

export interface HeadlessArgs {
  /** Asked for with --port (0: any free port); undefined: the remembered port, else 8920. */
  port?: number;
  host: string;
  dataDir?: string;
  allowHosts: string[];
  open: boolean;
  help: boolean;
  /** A repository folder (meta.json) opened as the workspace, and its meta file when not DIR/meta.json. */
  workspace?: string;
  workspaceMeta?: string;
  /** A core for one CLI command (bin/lib/embedded-core.mjs): StudioOptions.oneShot. */
  oneShot?: OneShotCommand;
}

export const HEADLESS_USAGE = `Usage: npm run serve -- [--port N] [--host H] [--data-dir DIR] [--allow-host NAME]... [--open]

  --port N          port to listen on (default: the port this data folder used last, else 8920,
                    else a free one when that is taken; 0 picks a free port)
  --host H          address to bind (default 127.0.0.1; anything else is reachable from other machines)
  --data-dir DIR    where the database, logs and secrets live (default: the OS's per-user data folder)
  --allow-host NAME also accept this Host header on the UI and management APIs (repeatable)
  --open            open the UI in the default browser
  --workspace DIR   open a repository folder as the workspace: its meta.json (the transformation GitHub
                    Action's format) lists the code files, which stay the source of truth (docs/workspace.md)
  --workspace-meta FILE  the meta file when it is not DIR/meta.json
  --one-shot test|replay  a core for one command of the CLI on a throw-away data folder (reached with
                    the session token only, STUDIO_SESSION_TOKEN; nothing runs in the background;
                    only the routes that command calls)`;

/** Parses the headless host's flags; throws an Error with a usage hint on bad input. */
export function parseHeadlessArgs(argv: string[]): HeadlessArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      'allow-host': { type: 'string', multiple: true },
      open: { type: 'boolean' },
      workspace: { type: 'string' },
      'workspace-meta': { type: 'string' },
      'one-shot': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  const oneShot = values['one-shot'];
  if (oneShot !== undefined && !isOneShotCommand(oneShot)) throw new Error(`--one-shot must be one of ${ONE_SHOT_COMMANDS.join(', ')}, got "${oneShot}"`);
  const portText = values.port;
  const port = portText === undefined ? undefined : Number(portText);
  if (portText !== undefined && (!/^\d+$/.test(portText) || port! > 65535)) throw new Error(`--port must be a number from 0 to 65535, got "${portText}"`);
  return {
    ...(port === undefined ? {} : { port }),
    host: values.host ?? '127.0.0.1',
    dataDir: values['data-dir'],
    allowHosts: values['allow-host'] ?? [],
    open: values.open ?? false,
    help: values.help ?? false,
    ...(values.workspace ? { workspace: values.workspace } : {}),
    ...(values['workspace-meta'] ? { workspaceMeta: values['workspace-meta'] } : {}),
    ...(oneShot ? { oneShot } : {}),
  };
}
