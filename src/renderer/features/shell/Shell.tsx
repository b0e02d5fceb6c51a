import { lazy, Suspense } from 'react';
import type { StudioInfo } from '../../api/client';
import { useHashRoute } from '../../hooks/useHashRoute';
import { HomePage } from '../home/HomePage';
import { CommandPalette } from './CommandPalette';
import { EmptyState } from '../../components/EmptyState';
import { WorkspaceProvider } from '../workspace/WorkspaceProvider';

// The rooms load on first visit, so the first load carries only the shell and the overview.
const WorkspacePage = lazy(() => import('../workspace/WorkspacePage').then((m) => ({ default: m.WorkspacePage })));
const SettingsPage = lazy(() => import('../settings/SettingsPage').then((m) => ({ default: m.SettingsPage })));
const SyncPage = lazy(() => import('../sync/SyncPage').then((m) => ({ default: m.SyncPage })));
const SourcesPage = lazy(() => import('../sources/SourcesPage').then((m) => ({ default: m.SourcesPage })));
const EventsPage = lazy(() => import('../events/EventsPage').then((m) => ({ default: m.EventsPage })));
const SchemaPage = lazy(() => import('../events/schema/SchemaPage').then((m) => ({ default: m.SchemaPage })));
const ReplayPage = lazy(() => import('../replay/ReplayPage').then((m) => ({ default: m.ReplayPage })));
const DestinationsPage = lazy(() => import('../destinations/DestinationsPage').then((m) => ({ default: m.DestinationsPage })));

/** The signed-in app: routes to the overview or the transformations / libraries rooms. */
export function Shell({ info }: { info: StudioInfo }) {
  const route = useHashRoute();
  return (
    <WorkspaceProvider>
      <CommandPalette />
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
      {route.page === 'not-found' && (
        <EmptyState title="Nothing here" action={<a href="#/transformations">Go to transformations</a>}>
          The address {route.hash} does not match a page of the studio.
        </EmptyState>
      )}
    </WorkspaceProvider>
  );
}
