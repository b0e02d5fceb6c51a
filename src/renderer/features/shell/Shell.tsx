import type { StudioInfo } from '../../api/client';
import { useHashRoute } from '../../hooks/useHashRoute';
import { HomePage } from '../home/HomePage';
import { EmptyState } from '../../components/EmptyState';
import { WorkspacePage } from '../workspace/WorkspacePage';
import { WorkspaceProvider } from '../workspace/WorkspaceProvider';
import { ReplayPage } from '../replay/ReplayPage';

/** The signed-in app: routes to the overview or the transformations / libraries rooms. */
export function Shell({ info }: { info: StudioInfo }) {
  const route = useHashRoute();
  return (
    <WorkspaceProvider>
      {route.page === 'home' && <HomePage info={info} />}
      {route.page === 'list' && <WorkspacePage kind={route.kind} id={route.id} tab={route.tab} />}
      {route.page === 'replay' && <ReplayPage runId={route.runId} query={route.query} />}
      {route.page === 'not-found' && (
        <EmptyState title="Nothing here" action={<a href="#/transformations">Go to transformations</a>}>
          The address {route.hash} does not match a page of the studio.
        </EmptyState>
      )}
    </WorkspaceProvider>
  );
}
