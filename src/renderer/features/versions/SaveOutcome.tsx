import type { ArtifactVersion } from '../../api/artifacts';
import './versions.css';

/** What the last save made: the version number and what its tests said (a library's: its importers' saved tests). */
export function SaveOutcome({ version }: { version: ArtifactVersion }) {
  const status = version.testStatus;
  const text =
    status === 'passed' ? `Saved v${version.number} · tests passed (${version.testSummary ?? 'all passed'})`
    : status === 'failed' ? `Saved v${version.number} · tests failed: ${version.testSummary ?? 'see the test bench'}`
    : status === 'not-tested' ? `Saved v${version.number} · not tested. ${version.testSummary ?? 'No saved test events ran it.'}`
    : status === 'out-of-date' ? `Saved v${version.number} · tests out of date: ${(version.testReasons ?? []).join('; ')}${version.testRerunning ? ' — running them again…' : ''}`
    : `Saved v${version.number}`;
  return (
    <p className={`notice save-outcome${status === 'failed' ? ' notice-error' : ''}`} role="status" data-testid="save-outcome" data-status={status}>
      {text}
    </p>
  );
}
