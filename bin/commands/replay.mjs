// studio replay DIR --events FILE.ndjson --compare-with DIR2: the impact report of a change for a
// pull request. An embedded core opens DIR2 (e.g. a checkout of the base branch) and then DIR
// over it, so each transformation has the base's version and the head's; each pair runs as the
// UI's compare over the same events (replay's own job, counts and top changed fields).
import { readFileSync, writeFileSync } from 'node:fs';
import { folderOf, openFolder } from '../lib/open-folder.mjs';
import { FAIL_ON, impactMarkdown, impactText, kindsOf, totalsOf } from '../lib/impact-report.mjs';

export const REPLAY_USAGE = `usage: studio replay DIR --events FILE --compare-with DIR2 [--meta FILE] [--compare-meta FILE]
                     [--markdown FILE] [--json] [--fail-on KINDS]

Runs the code of two repository folders (meta.json in the transformation GitHub Action's format)
over the same events, offline, and prints what the change does: per transformation the events
kept, dropped, changed, newly failing (and the other change kinds), and the top changed fields,
as the studio's compare shows them.

  DIR                 the changed code (e.g. the pull request's checkout)
  --compare-with DIR2 the code to compare with (e.g. a checkout of the base branch)
  --events FILE       the events: NDJSON (one event per line) or a JSON array, at most 10,000
  --meta, --compare-meta  meta files of DIR and DIR2 (default <dir>/meta.json)
  --markdown FILE     also write the report as Markdown (for a pull request comment)
  --json              print the report as JSON instead of text
  --fail-on KINDS     exit 1 when any event is of these kinds, comma-separated: ${FAIL_ON.join(', ')}

Exit codes: 0 done (and nothing of --fail-on's kinds), 1 events of a --fail-on kind, 2 usage or
input errors, 3 the embedded core could not start or a run failed.`;

/** The events of an NDJSON file or a JSON array, each an object; exit 2 naming the bad line. */
function readEvents(file, io) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return io.fail(2, `cannot read --events ${file}: ${error.message}`);
  }
  if (text.trimStart().startsWith('[')) {
    try {
      const events = JSON.parse(text);
      if (events.every((e) => e && typeof e === 'object' && !Array.isArray(e))) return events;
    } catch (error) {
      return io.fail(2, `${file} is not valid JSON: ${error.message}`);
    }
    return io.fail(2, `${file}: every entry of the array must be an event object`);
  }
  const events = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let event;
    try {
      event = JSON.parse(line);
    } catch (error) {
      io.fail(2, `${file} line ${i + 1} is not JSON: ${error.message}`);
    }
    if (!event || typeof event !== 'object' || Array.isArray(event)) io.fail(2, `${file} line ${i + 1} is not an event object`);
    events.push(event);
  });
  return events;
}

async function codeOf(core, id, versionId) {
  const answer = await core.call('GET', `/transformations/${id}/versions/${versionId}`);
  return answer.body.code;
}

/** Runs one compare (or, for a transformation new in DIR, one replay) to its end. */
async function runToEnd(core, body, io) {
  const created = await core.call('POST', '/studio/api/replay/runs', body);
  if (created.status !== 200) return io.fail(created.status === 400 ? 2 : 3, `error: ${created.body.error}`);
  for (;;) {
    const run = await core.call('GET', `/studio/api/replay/runs/${created.body.id}`);
    if (['done', 'failed', 'cancelled', 'interrupted'].includes(run.body.status)) {
      if (run.body.status !== 'done') return io.fail(3, `the run of ${body.name} ended ${run.body.status}: ${run.body.error ?? ''}`);
      return run.body;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function runReplayCommand(positional, flags, io) {
  if (positional.length !== 1 || !flags.events || !flags['compare-with']) return io.fail(2, REPLAY_USAGE);
  const failOn = kindsOf(flags['fail-on'], io);
  const events = readEvents(flags.events, io);
  if (events.length === 0) return io.fail(2, `${flags.events} holds no events`);
  const head = folderOf(positional[0], flags.meta, io);
  const base = folderOf(flags['compare-with'], flags['compare-meta'], io);
  return openFolder(
    head,
    io,
    async (core, opened, openedBase) => {
      const draftOf = async (side, t) => ({
        kind: 'draft',
        transformationId: t.id,
        name: t.name,
        code: await codeOf(core, t.id, t.versionId),
        libraryVersionIds: side.libraries.map((l) => l.versionId),
      });
      const rows = [];
      for (const t of opened.transformations) {
        const before = openedBase.transformations.find((b) => b.name === t.name);
        const source = { kind: 'file', events };
        const body = before
          ? { name: `${t.name}: ${flags['compare-with']} → ${positional[0]}`, source, target: await draftOf(openedBase, before), compareWith: await draftOf(opened, t) }
          : { name: `${t.name} (new)`, source, target: await draftOf(opened, t) };
        const run = await runToEnd(core, body, io);
        rows.push({ name: t.name, file: t.file, status: before ? 'compared' : 'new', summary: run.summary, total: run.total });
      }
      for (const b of openedBase.transformations) if (!opened.transformations.some((t) => t.name === b.name)) rows.push({ name: b.name, file: b.file, status: 'removed' });
      const report = { head: positional[0], base: flags['compare-with'], events: events.length, transformations: rows, totals: totalsOf(rows) };
      if (flags.json) io.out(`${JSON.stringify(report, null, 2)}\n`);
      else io.out(impactText(report));
      if (flags.markdown) writeFileSync(flags.markdown, impactMarkdown(report));
      const hit = failOn.filter((kind) => report.totals[kind] > 0);
      if (hit.length > 0 && !flags.json) io.out(`--fail-on: ${hit.map((k) => `${report.totals[k]} ${FAIL_ON[kindIndex(k)]}`).join(', ')}\n`);
      return hit.length > 0 ? 1 : 0;
    },
    { base, command: 'replay' },
  );
}

const kindIndex = (kind) => FAIL_ON.findIndex((name) => name.replace(/-(.)/g, (_, c) => c.toUpperCase()) === kind);
