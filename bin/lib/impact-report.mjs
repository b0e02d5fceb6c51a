// The impact report of `studio replay … --compare-with`: the compare summary of each
// transformation (replay's change kinds and top changed fields) as text, Markdown and totals.

/** Change kinds --fail-on accepts (replay's CHANGE_KINDS in kebab case, without "unchanged"). */
export const FAIL_ON = ['newly-failing', 'dropped', 'changed', 'split', 'newly-kept', 'fixed', 'still-failing'];
const camel = (kebab) => kebab.replace(/-(.)/g, (_, c) => c.toUpperCase());
const KINDS = ['unchanged', ...FAIL_ON.map(camel)];
const LABEL = { unchanged: 'unchanged', changed: 'changed', dropped: 'dropped', newlyKept: 'newly kept', split: 'split differently', newlyFailing: 'newly failing', fixed: 'fixed', stillFailing: 'still failing' };

/** --fail-on's kinds in replay's names; exit 2 naming an unknown one. */
export function kindsOf(flag, io) {
  if (flag === undefined) return [];
  const names = String(flag).split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !FAIL_ON.includes(n));
  if (unknown.length > 0) return io.fail(2, `--fail-on: unknown kind ${unknown.map((u) => `"${u}"`).join(', ')}; use ${FAIL_ON.join(', ')}`);
  return names.map(camel);
}

/** Counts of each change kind over the compared transformations; a new transformation's failures count as newly failing. */
export function totalsOf(rows) {
  const totals = Object.fromEntries(KINDS.map((k) => [k, 0]));
  for (const row of rows) {
    if (row.status === 'compared') for (const k of KINDS) totals[k] += row.summary.changes?.[k] ?? 0;
    if (row.status === 'new') totals.newlyFailing += row.summary.a.failed;
  }
  return totals;
}

const topPaths = (summary, n = 5) => summary.paths.slice(0, n);
const pathText = (p) => [p.changed && `${p.changed} changed`, p.added && `${p.added} added`, p.removed && `${p.removed} removed`].filter(Boolean).join(', ');
const countsText = (changes) => KINDS.filter((k) => k === 'unchanged' || changes[k] > 0).map((k) => `${changes[k]} ${LABEL[k]}`).join(' · ');

export function impactText(report) {
  const lines = [`Impact of ${report.head} against ${report.base} over ${report.events} events`];
  for (const row of report.transformations) {
    const where = row.file ? ` (${row.file})` : '';
    if (row.status === 'removed') {
      lines.push(`${row.name}${where}: removed (only in ${report.base})`);
      continue;
    }
    const { a, b, changes } = row.summary;
    if (row.status === 'new') {
      lines.push(`${row.name}${where}: new (only in ${report.head}): ${a.kept} kept, ${a.dropped} dropped, ${a.failed} failed`);
      continue;
    }
    lines.push(`${row.name}${where}: kept ${a.kept} → ${b.kept}, dropped ${a.dropped} → ${b.dropped}, failed ${a.failed} → ${b.failed}`);
    lines.push(`  ${countsText(changes)}`);
    const paths = topPaths(row.summary);
    if (paths.length > 0) lines.push(`  top changed fields: ${paths.map((p) => `${p.path} (${pathText(p)})`).join(', ')}`);
  }
  lines.push(`Total: ${countsText(report.totals)}`);
  return `${lines.join('\n')}\n`;
}

const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function impactMarkdown(report) {
  const out = [`### Transformation impact`, '', `\`${cell(report.head)}\` against \`${cell(report.base)}\` over ${report.events} events.`, ''];
  out.push('| Transformation | Kept (before → after) | Changed | Dropped | Newly failing | Other | Top changed fields |', '|---|---|---|---|---|---|---|');
  for (const row of report.transformations) {
    if (row.status === 'removed') {
      out.push(`| ${cell(row.name)} | removed | | | | | |`);
      continue;
    }
    const { a, b, changes } = row.summary;
    if (row.status === 'new') {
      out.push(`| ${cell(row.name)} (new) | ${a.kept} | | ${a.dropped} | ${a.failed} | | |`);
      continue;
    }
    const other = ['newlyKept', 'split', 'fixed', 'stillFailing'].filter((k) => changes[k] > 0).map((k) => `${changes[k]} ${LABEL[k]}`).join(', ');
    const paths = topPaths(row.summary, 3).map((p) => `\`${cell(p.path)}\` (${pathText(p)})`).join(', ');
    out.push(`| ${cell(row.name)} | ${a.kept} → ${b.kept} | ${changes.changed} | ${changes.dropped} | ${changes.newlyFailing} | ${other} | ${paths} |`);
  }
  out.push('', `**Total:** ${countsText(report.totals)}`, '');
  return out.join('\n');
}
