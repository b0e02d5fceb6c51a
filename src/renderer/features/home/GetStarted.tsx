import { publishState } from '../../api/artifacts';
import { useWorkspace } from '../workspace';
import { AlertText } from '../../components/AlertText';

/** Counts and next steps on the overview page. */
export function GetStarted() {
  const { transformations, libraries, error } = useWorkspace();
  if (error) return <AlertText error={error} />;
  if (!transformations || !libraries) return null;
  const unpublished = transformations.filter((t) => publishState(t) !== 'published').length;
  return (
    <section className="get-started" aria-labelledby="get-started-title">
      <h2 id="get-started-title">Your work</h2>
      <ul>
        <li>
          <a href="#/transformations">{transformations.length} transformation{transformations.length === 1 ? '' : 's'}</a>
          {unpublished > 0 && <span className="muted"> · {unpublished} with unpublished changes</span>}
        </li>
        <li><a href="#/libraries">{libraries.length} librar{libraries.length === 1 ? 'y' : 'ies'}</a></li>
      </ul>
      {transformations.length === 0 && (
        <p>Start with a transformation from a template (filter events, mask PII, split events …), test it on the sample events, then save and publish it.</p>
      )}
      <p className="muted">Keys in the editor: Ctrl/⌘+S saves a version, Ctrl/⌘+Enter runs the test, Shift+Alt+F formats, Ctrl/⌘+F searches, Ctrl/⌘+D selects the next match (multiple cursors), Ctrl+Space completes.</p>
    </section>
  );
}
