import './get-started.css';
import { publishState } from '../../api/artifacts';
import { useWorkspace } from '../workspace';
import { AlertText } from '../../components/AlertText';
import { hrefFor, pageHref } from '../../hooks/routes';
import { navigate } from '../../hooks/useHashRoute';
import { keyLabel } from '../../hooks/keymap';

/** Getting started: the three steps of a first walk, each one button away; then what there is. */
export function GetStarted() {
  const { transformations, libraries, error } = useWorkspace();
  if (error) return <AlertText error={error} />;
  if (!transformations || !libraries) return null;
  const unpublished = transformations.filter((t) => publishState(t) !== 'published').length;
  return (
    <section className="get-started" aria-labelledby="get-started-title">
      <h2 id="get-started-title">Getting started</h2>
      <ol className="get-started-steps">
        <li>
          <strong>Send an event</strong> to a source: compose one in the studio, or point an SDK at it.
          <button type="button" className="secondary" onClick={() => navigate(pageHref('sources'))}>Send an event…</button>
        </li>
        <li>
          <strong>Write a transformation</strong> from a template (filter, mask PII, split…) and test it on sample or captured events.
          <button type="button" onClick={() => navigate(`${hrefFor('transformation')}?new=1`)}>New transformation from a template…</button>
        </li>
        <li>
          <strong>Publish it to a destination</strong>: the events of its sources flow through it.
          <button type="button" className="secondary" onClick={() => navigate(pageHref('destinations'))}>Add a destination…</button>
        </li>
      </ol>
      <p className="muted">
        Everything is one keystroke away: {keyLabel('palette')} opens the command palette (pages, actions, your transformations;
        it lists the keyboard shortcuts too). In the editor {keyLabel('save')} saves a version, {keyLabel('run')} runs the test, {keyLabel('publish')} publishes.
      </p>
      <h3>Your work</h3>
      <ul>
        <li>
          <a href="#/transformations">{transformations.length} transformation{transformations.length === 1 ? '' : 's'}</a>
          {unpublished > 0 && <span className="muted"> · {unpublished} with unpublished changes</span>}
        </li>
        <li><a href="#/libraries">{libraries.length} librar{libraries.length === 1 ? 'y' : 'ies'}</a></li>
      </ul>
    </section>
  );
}
