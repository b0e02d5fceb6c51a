import type { ArtifactVersion } from '../../api/artifacts';
import './versions.css';

const MARKS = {
  passed: { text: 'tests ✓', className: 'ok', title: 'The saved tests passed on save' },
  failed: { text: 'tests ✗', className: 'error', title: 'The saved tests failed on save (or the code did not compile)' },
  'not-tested': { text: 'not tested', className: 'muted', title: 'No saved test events when it was saved' },
  'out-of-date': { text: 'tests out of date', className: 'stale', title: 'Something the tests depend on changed since they ran' },
} as const;

/** "tests ✓" / "tests ✗" / "not tested", with the summary as its tooltip. */
export function TestStatusMark({ version }: { version: ArtifactVersion }) {
  if (!version.testStatus) return null;
  const mark = MARKS[version.testStatus];
  return (
    <span className={`test-status ${mark.className}`} data-testid="test-status" data-status={version.testStatus} title={version.testSummary ?? mark.title}>
      {mark.text}
      {version.testRerunning ? ' · re-running…' : ''}
    </span>
  );
}
