// The event API suites again with the fast lane switched off, so the Fastify routes of /v1
// (the documented ones, and the fallback) are held to the same rules and texts. The studio
// starts in each suite's beforeAll, after this file has set the switch.
import './events-api.test';
import './limits.test';
import './enrich.test';

process.env.STUDIO_EVENT_FAST_LANE = '0';
