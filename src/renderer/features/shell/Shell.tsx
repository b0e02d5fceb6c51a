import { Suspense } from 'react';
import type { StudioInfo } from '../../api/client';
import { useHashRoute } from '../../hooks/useHashRoute';
import { HomePage } from '../home';
import { CommandPalette } from './CommandPalette';
import { DestinationAlert } from './DestinationAlert';
import { EmptyState } from '../../components/EmptyState';
import { WorkspaceProvider } from '../workspace';
import { loadable } from '../../lib/loadable';
import { CoreGate } from './CoreGate';
import { PageBoundary } from './PageBoundary';

// The rooms load on first visit, so the first load carries only the shell and the overview (not
// React.lazy: the reveal of a Suspense boundary waits up to 300 ms, see lib/loadable.tsx).
const loading = () => (
  <p className="muted pad" aria-busy="true">
    Loading…
  </p>
);
const WorkspacePage = loadable(() => import('../workspace/WorkspacePage').then((m) => m.WorkspacePage), loading);
const SettingsPage = loadable(() => import('../settings/SettingsPage').then((m) => m.SettingsPage), loading);
const SyncPage = loadable(() => import('../sync/SyncPage').then((m) => m.SyncPage), loading);
const SourcesPage = loadable(() => import('../sources/SourcesPage').then((m) => m.SourcesPage), loading);
const EventsPage = loadable(() => import('../events/EventsPage').then((m) => m.EventsPage), loading);
const SchemaPage = loadable(() => import('../events/schema/SchemaPage').then((m) => m.SchemaPage), loading);
const ReplayPage = loadable(() => import('../replay/ReplayPage').then((m) => m.ReplayPage), loading);
const DestinationsPage = loadable(() => import('../destinations/DestinationsPage').then((m) => m.DestinationsPage), loading);

/** The signed-in app: routes to the overview or the transformations / libraries rooms. */
export function Shell({ info }: { info: StudioInfo }) {
  const route = useHashRoute();
  return (
    <WorkspaceProvider>
      <CoreGate>
      <PageBoundary what="command palette">
        <CommandPalette />
      </PageBoundary>
      <DestinationAlert />
      <PageBoundary key={route.page}>
      {route.page === 'home' && <HomePage info={info} />}
      <Suspense fallback={<p className="muted pad" aria-busy="true">Loading…</p>}>
        {route.page === 'settings' && <SettingsPage />}
        {route.page === 'list' && <WorkspacePage kind={route.kind} id={route.id} tab={route.tab} />}
        {route.page === 'sync' && <SyncPage />}
        {route.page === 'sources' && <SourcesPage info={info} />}
        {route.page === 'events' && <EventsPage params={route.params} />}
        {route.page === 'schema' && <SchemaPage params={route.params} />}
        {route.page === 'destinations' && <DestinationsPage id={route.id} params={route.params} />}
        {route.page === 'replay' && <ReplayPage runId={route.runId} query={route.query} />}
      </Suspense>
      </PageBoundary>
      {route.page === 'not-found' && (
        <EmptyState title="Nothing here" action={<a href="#/transformations">Go to transformations</a>}>
          The address {route.hash} does not match a page of the studio.
        </EmptyState>
      )}
      </CoreGate>
    </WorkspaceProvider>
  );
}
