import type { CoverageRequest, CoverageResponse } from '../../shared/api/coverage';
import type { FuzzRequest, FuzzResponse } from '../../shared/api/fuzz';
import { request } from './client';

// Coverage (V8 precise coverage in a debug process) and fuzzing (events from the learned schema).

export const confidenceApi = {
  coverage: (body: CoverageRequest) => request<CoverageResponse>('POST', '/studio/api/coverage', body),
  fuzz: (body: FuzzRequest) => request<FuzzResponse>('POST', '/studio/api/fuzz', body),
};
