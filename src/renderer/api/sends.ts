import type { CreateSend, SendJob } from '../../shared/api/replay';
import { request } from './client';

export type { SendJob };

/** Send jobs: captured events re-delivered to a destination or a data plane, rate-limited. */
export const sendsApi = {
  create: (body: CreateSend) => request<SendJob>('POST', '/studio/api/replay/sends', body),
  get: (id: string) => request<SendJob>('GET', `/studio/api/replay/sends/${encodeURIComponent(id)}`),
  cancel: (id: string) => request<SendJob>('POST', `/studio/api/replay/sends/${encodeURIComponent(id)}/cancel`),
  retry: (id: string) => request<SendJob>('POST', `/studio/api/replay/sends/${encodeURIComponent(id)}/retry`),
};
