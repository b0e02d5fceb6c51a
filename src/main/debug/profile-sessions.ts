import { randomUUID } from 'node:crypto';
import type { DebugChild } from './debug-child';
import { badRequest, notFound } from '../errors';
import type { EventsRepo } from '../store/events-repo';
import type { ProfileStartRequest, ProfileState, ProfileSummary } from '../../shared/api/debug';
import { debugCode, type DebugDeps } from './debug-code';
import { createSessionBudget, type SessionBudget } from './session-budget';

/** V8's CPU profiler samples every this many µs. */
const SAMPLING_US = 100;

interface Profile {
  state: ProfileState;
  child: DebugChild;
  events: string[];
  release: () => void;
}

/**
 * Profile sessions: the user's code over many events (given, or the newest captured ones matching
 * a filter) in a debug process with V8's CPU profiler on; polled for progress and the summary.
 */
export function createProfileSessions(deps: DebugDeps & { events: EventsRepo }, budget: SessionBudget = createSessionBudget()) {
  const profiles = new Map<string, Profile>();

  const eventsOf = (request: ProfileStartRequest): string[] => {
    if (request.events && request.captured) throw badRequest('give either events or captured, not both');
    if (request.events) return request.events.map((event) => JSON.stringify(event));
    if (!request.captured) throw badRequest('give the events to profile (events) or a filter of captured events (captured)');
    const { limit = 10_000, ...filter } = request.captured;
    const found = deps.events.list(filter, limit).map((stored) => stored.event);
    if (found.length === 0) throw badRequest('no captured events match the filter: capture some, or profile the bench events');
    return found.reverse(); // oldest first, as they came
  };

  const settle = (profile: Profile, state: ProfileState['state'], message?: string) => {
    if (profile.state.state !== 'running') return;
    profile.state = { ...profile.state, state, ...(message !== undefined ? { message } : {}) };
    profile.child.stop();
    profile.release();
    setTimeout(() => profiles.delete(profile.state.id), 10 * 60_000).unref();
  };

  return {
    start(request: ProfileStartRequest): ProfileState {
      const events = eventsOf(request);
      const code = debugCode(deps, request, 10 * 60_000);
      const release = budget.take();
      const id = randomUUID();
      const child = deps.processes.take(
        (reply) => {
          if (reply.type === 'progress') profile.state = { ...profile.state, done: reply.done, total: reply.total };
          else if (reply.type === 'failed') settle(profile, 'failed', reply.message);
          else if (reply.type === 'done' && reply.profile) {
            const summary = reply.profile as ProfileSummary;
            const slowestEvents = summary.slowest.map((slow) => JSON.parse(events[slow.index]!) as Record<string, unknown>);
            profile.state = { ...profile.state, summary, slowestEvents, done: events.length };
            settle(profile, 'done');
          }
        },
        (how, expected) => {
          if (!expected) settle(profile, 'failed', `The debug process stopped unexpectedly (${how}): the profile ended. Other runs are not affected.`);
        },
      );
      const profile: Profile = { state: { id, state: 'running', done: 0, total: events.length }, child, events, release };
      profiles.set(id, profile);
      child.send({ type: 'profile', ...code, events, samplingUs: SAMPLING_US });
      return profile.state;
    },

    get(id: string): ProfileState {
      const profile = profiles.get(id);
      if (!profile) throw notFound(`profile ${id} not found (it was cancelled long ago, or the studio restarted)`);
      return profile.state;
    },

    cancel(id: string): ProfileState {
      const profile = profiles.get(id);
      if (!profile) throw notFound(`profile ${id} not found`);
      settle(profile, 'cancelled', 'Cancelled.');
      return profile.state;
    },

    /** The debug processes alive (pids). */
    pids: (): number[] => [...profiles.values()].flatMap((p) => (!p.child.exited && p.child.pid ? [p.child.pid] : [])),

    close(): void {
      for (const profile of profiles.values()) settle(profile, 'cancelled', 'The studio is closing.');
    },
  };
}

export type ProfileSessions = ReturnType<typeof createProfileSessions>;
