import { useEffect, useState } from 'react';
import type { ArtifactVersion } from '../../api/artifacts';

/**
 * A publish asked for before the version history arrived (the shortcut, the palette, the "Publish
 * and connect" link; the button itself is disabled meanwhile): it opens once the history is there,
 * so the action does what it says instead of asking to try again. Returns the way to wait.
 */
export function useWaitingPublish(versions: ArtifactVersion[] | undefined, versionsError: string | undefined, publish: (versionId: string) => void, say: (message?: string) => void) {
  const [waiting, setWaiting] = useState<string>();
  useEffect(() => {
    if (!waiting || (!versions && !versionsError)) return;
    setWaiting(undefined);
    say(undefined);
    if (versions) publish(waiting);
  }, [waiting, versions, versionsError]);
  return (versionId: string) => {
    setWaiting(versionId);
    say('Publish opens as soon as the version history has loaded…');
  };
}
