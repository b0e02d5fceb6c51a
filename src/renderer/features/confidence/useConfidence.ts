import { useState } from 'react';
import { ApiError } from '../../api/client';
import { confidenceApi } from '../../api/confidence';
import type { Artifact } from '../../api/artifacts';
import type { CoverageRequest, CoverageResponse } from '../../../shared/api/coverage';
import type { FuzzResponse } from '../../../shared/api/fuzz';
import { scriptName } from '../../../shared/api/debug';
import { debugStore, useDebugStore } from '../debugger';

export type CoverageSource = 'saved-tests' | 'captured';
const BY: Record<CoverageSource, string> = { 'saved-tests': 'the saved tests', captured: 'captured events' };
/** Fuzzing from the bench stops after this long (shrinking included). */
export const FUZZ_SECONDS = 10;

const message = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : String(error));

/** Coverage of the editor's code (by its saved tests or captured events) and fuzzing from the learned schema. */
export function useConfidence({ transformation, code }: { transformation: Artifact; code: string }) {
  const { coverage } = useDebugStore();
  const [source, setSource] = useState<CoverageSource>('saved-tests');
  const [covering, setCovering] = useState(false);
  const [coverageError, setCoverageError] = useState<string>();
  const [showCoverage, setShowCoverage] = useState(false);
  const [fuzzing, setFuzzing] = useState(false);
  const [fuzz, setFuzz] = useState<FuzzResponse>();
  const [fuzzError, setFuzzError] = useState<string>();
  const [showFuzz, setShowFuzz] = useState(false);
  const base = { code, transformationName: transformation.name };

  return {
    source,
    setSource,
    covering,
    coverageError,
    showCoverage,
    coverage: coverage as (typeof coverage & { result: CoverageResponse }) | undefined,
    async runCoverage() {
      setShowCoverage(true);
      setCovering(true);
      setCoverageError(undefined);
      const request: CoverageRequest = source === 'captured' ? { ...base, captured: { limit: 1_000 } } : { ...base, transformationId: transformation.id };
      try {
        debugStore.setCoverage(await confidenceApi.coverage(request), BY[source], new Map([[scriptName(transformation.name), code]]));
      } catch (error) {
        setCoverageError(message(error));
      } finally {
        setCovering(false);
      }
    },
    closeCoverage() {
      setShowCoverage(false);
      debugStore.setCoverage(undefined, '', new Map());
    },
    fuzzing,
    fuzz,
    fuzzError,
    showFuzz,
    async runFuzz(seed?: number) {
      setShowFuzz(true);
      setFuzzing(true);
      setFuzzError(undefined);
      try {
        setFuzz(await confidenceApi.fuzz({ ...base, transformationId: transformation.id, timeLimitMs: FUZZ_SECONDS * 1000, ...(seed !== undefined ? { seed } : {}) }));
      } catch (error) {
        setFuzzError(message(error));
      } finally {
        setFuzzing(false);
      }
    },
    closeFuzz() {
      setShowFuzz(false);
      setFuzz(undefined);
    },
  };
}
export type ConfidenceState = ReturnType<typeof useConfidence>;
