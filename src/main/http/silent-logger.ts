import type { FastifyBaseLogger } from 'fastify';

/** A logger that drops everything: the context's log until the HTTP server gives it its own. */
export const silentLogger = {
  level: 'silent',
  fatal: () => {}, error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, trace: () => {}, silent: () => {},
  child() { return silentLogger; },
} as unknown as FastifyBaseLogger;
