import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The studio log's request lines: one per request, written when it is answered (method, path
 * without its query, status, time), where Fastify writes two (on arrival and on answer). Each
 * line is a synchronous write (log-file.ts): the second one cost every test run ~0.03 ms of the
 * core's thread (docs/decisions/011, round 8).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
