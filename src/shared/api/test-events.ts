// Saved test events of a transformation: shapes of GET/PUT /studio/api/transformations/:id/test-events.
import { Type, type Static } from 'typebox';

/** Most events one transformation keeps as saved tests. */
export const MAX_SAVED_TEST_EVENTS = 1000;

/** A JSON object (an event or an output event). */
export const JsonObject = Type.Record(Type.String(), Type.Unknown(), { description: 'An event object' });

export const SavedTestEvent = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200, description: 'Label shown in the test bench' })),
    event: Type.Record(Type.String(), Type.Unknown(), { description: 'The input event' }),
    expected: Type.Optional(
      Type.Array(JsonObject, {
        description: 'Expected outputs of this event ([] = dropped); absent = any output passes',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SavedTestEvent = Static<typeof SavedTestEvent>;

export const SavedTestEventsBody = Type.Object(
  { events: Type.Array(SavedTestEvent, { maxItems: MAX_SAVED_TEST_EVENTS }) },
  { additionalProperties: false },
);
export type SavedTestEventsBody = Static<typeof SavedTestEventsBody>;

export const SavedTestEvents = Type.Object({
  transformationId: Type.String(),
  events: Type.Array(SavedTestEvent),
  updatedAt: Type.Union([Type.String(), Type.Null()], { description: 'When the list was last saved (null: never)' }),
});
export type SavedTestEvents = Static<typeof SavedTestEvents>;
