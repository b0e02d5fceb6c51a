import type { ArtifactVersion } from '../../api/artifacts';

const MARKS = {
  passed: { text: 'tests ✓', className: 'ok', title: 'The saved tests passed on save' },
  failed: { text: 'tests ✗', className: 'error', title: 'The saved tests failed on save (or the code did not compile)' },
  'not-tested': { text: 'not tested', className: 'muted', title: 'No saved test events when it was saved' },
} as const;

/** "tests ✓" / "tests ✗" / "not tested", with the summary as its tooltip. */
export function TestStatusMark({ version }: { version: ArtifactVersion }) {
  if (!version.testStatus) return null;
  const mark = MARKS[version.testStatus];
  return (
    <span className={`test-status ${mark.className}`} data-testid="test-status" title={version.testSummary ?? mark.title}>
      {mark.text}
    </span>
  );
}
