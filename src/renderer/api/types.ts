// The renderer's names for the API shapes. Every shape is defined once, in src/shared/api/
// (TypeBox schemas the server validates and answers with); nothing here redefines one.
import type { EventObject, UpdateTransformationBody } from '../../shared/api/management';

export type {
  ConnectedDestination as DestinationRef,
  Library,
  LibraryVersion,
  PublishFailure,
  PublishRequest as PublishBody,
  Transformation,
  TransformationVersion,
} from '../../shared/api/management';
export type { VersionTestStatus } from '../../shared/api/versions';
export type { LibraryCallResponse } from '../../shared/api/library-call';
export type { NetworkCall, TestRunRequest as TestRequest, TestRunResponse as TestResponse } from '../../shared/api/sandbox-test';

/** What the editor sends when it saves a version (a subset of the create/update bodies). */
export type SaveBody = Pick<UpdateTransformationBody, 'name' | 'description' | 'code' | 'events' | 'message'>;

export type TestEvent = EventObject;

/** One element of `transformedEvents`: an output event or a per-event error (TestRunError). */
export type TransformedItem = EventObject;

/** Answer of a publish: 200 `{published: true}`; a failure comes back as an ApiError with a PublishFailure body. */
export type { PublishResult } from '../../shared/api/management';
