import type { CoreState } from '../supervisor/core-supervisor';

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A data: page the window shows while the core restarts, or with the log tail when it gave up. */
export function statusPage(state: Extract<CoreState, { kind: 'restarting' | 'failed' }>): string {
  const body =
    state.kind === 'restarting'
      ? `<h1>Restarting…</h1><p>${escape(state.reason)}. Trying again (attempt ${state.attempt}); the window reconnects by itself.</p>`
      : `<h1>Transformation Studio stopped</h1><p>${escape(state.reason)}.</p><p>Logs: <code>${escape(state.logFile)}</code> (Help → Show Logs)</p><pre>${escape(state.logTail.slice(-40).join('\n'))}</pre>`;
  const html = `<!doctype html><meta charset="utf-8"><title>Transformation Studio</title><style>body{font:14px system-ui;margin:2rem;color:#222}pre{background:#f4f4f4;padding:1rem;overflow:auto;max-height:60vh}</style>${body}`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}
