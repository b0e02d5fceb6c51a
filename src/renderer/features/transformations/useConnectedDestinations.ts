import { useCallback, useEffect, useState } from 'react';
import { pipelineApi, type DestinationView } from '../../api/pipeline';

/**
 * The destinations a transformation is connected to (live on), read again on demand, every 5 s,
 * and at once when its published version changes (`publishedVersionId`: publish connects them).
 */
export function useConnectedDestinations(transformationId: string, publishedVersionId?: string | null) {
  const [destinations, setDestinations] = useState<DestinationView[]>();
  const reload = useCallback(async () => {
    try {
      const all = (await pipelineApi.listDestinations()).destinations;
      const connected = all.filter((d) => d.transformationId === transformationId);
      setDestinations(connected);
      return connected;
    } catch {
      setDestinations([]);
      return [];
    }
  }, [transformationId]);
  useEffect(() => {
    void reload();
    const timer = setInterval(() => void reload(), 5000); // connections change elsewhere (Destinations page, publish)
    return () => clearInterval(timer);
  }, [reload, publishedVersionId]);
  return { destinations, reload };
}
