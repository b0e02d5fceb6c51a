import { useEffect, useState } from 'react';
import { schemaApi } from '../../api/schema';
import { indexFields, type EventFields } from '../../editor/event-schema/event-fields';

const REFRESH_MS = 10_000;

/**
 * The learned schema of the events a transformation sees (its connected sources, else all), for
 * the editor's completion, hover and warnings; reloaded while the editor is open. Libraries get none.
 */
export function useEventFields(transformationId: string | undefined): EventFields | undefined {
  const [fields, setFields] = useState<EventFields>();
  useEffect(() => {
    setFields(undefined);
    if (!transformationId) return;
    let last = '';
    let live = true;
    const load = () =>
      schemaApi.fields(transformationId).then(
        (response) => {
          const { status: _status, ...content } = response;
          const text = JSON.stringify(content);
          if (!live || text === last) return;
          last = text;
          setFields(indexFields(response));
        },
        () => {}, // no completion from the schema this time; the editor works without it
      );
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [transformationId]);
  return fields;
}
