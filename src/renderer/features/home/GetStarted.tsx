import { publishState } from '../../api/artifacts';
import { useWorkspace } from '../workspace';
import { AlertText } from '../../components/AlertText';
import { hrefFor } from '../../hooks/routes';
import { navigate } from '../../hooks/useHashRoute';
import { keyLabel } from '../../hooks/keymap';

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
        <div className="get-started-first">
          <p>Start with a transformation from a template (filter events, mask PII, split events …), test it on the sample events, then save and publish it.</p>
          <button type="button" onClick={() => navigate(`${hrefFor('transformation')}?new=1`)}>New transformation from a template…</button>{' '}
          <a href="#/sources">or send an event first</a>
        </div>
      )}
      <p className="muted">
        Everything is one keystroke away: {keyLabel('palette')} opens the command palette (pages, actions, your transformations;
        it lists the keyboard shortcuts too). In the editor {keyLabel('save')} saves a version, {keyLabel('run')} runs the test, {keyLabel('publish')} publishes.
      </p>
    </section>
  );
}
