import { useEffect, useState } from 'react';
import { request } from '../api/client';
import type { LibraryPin } from '../../shared/api/versions';

/**
 * Where libraries are live: the versions live transformation versions are pinned to (one request,
 * by library), asked again when `refreshKey` changes. A `null` key: the caller shows no pins now (a
 * transformation, no library to show), so nothing is asked.
 */
export function useLibraryPins(refreshKey: unknown): Map<string, LibraryPin[]> | undefined {
  const [pins, setPins] = useState<Map<string, LibraryPin[]>>();
  useEffect(() => {
    if (refreshKey === null) return;
    let cancelled = false;
    request<{ pins: LibraryPin[] }>('GET', '/studio/api/libraries/pins').then(
      (answer) => {
        if (cancelled) return;
        const byLibrary = new Map<string, LibraryPin[]>();
        for (const pin of answer.pins) byLibrary.set(pin.libraryId, [...(byLibrary.get(pin.libraryId) ?? []), pin]);
        setPins(byLibrary);
      },
      () => !cancelled && setPins(new Map()),
    );
    return () => {
      cancelled = true;
    };
  }, [refreshKey]);
  return pins;
}

/** "v1 in “Mask PII” v3": one pin in words. */
export const pinText = (p: LibraryPin) => `v${p.libraryVersionNumber} in “${p.transformationName}” v${p.transformationVersionNumber}`;
