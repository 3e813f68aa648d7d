// Loaded into a journeys' server with `node --import` when E2E_CLOCK_AT names an instant (tests/fixtures.ts): the
// server's Date, and so the demo seed's "now", the embedded database's now() and every date the API works out, starts
// at that instant and runs on from it at the machine's pace. The screenshot journeys use it so that "3 days ago", a
// chart's months and a countdown draw the same on any day.
import FakeTimers from '@sinonjs/fake-timers';

const at = process.env.E2E_CLOCK_AT;
if (at) {
  const start = Date.parse(at);
  if (Number.isNaN(start)) throw new Error(`E2E_CLOCK_AT is not an instant: ${at}`);
  const realNow = Date.now;
  const began = realNow();
  // Only Date is replaced: timers and performance.now() stay the machine's, so the server runs as it does in production.
  const clock = FakeTimers.install({ now: start, toFake: ['Date'] });
  // The clock reads the machine's at every call, moved back or on to the held instant. A timer that moved it every
  // 10 ms left it standing still while a synchronous stretch (the demo seed) ran, and gave two writes one instant.
  Object.defineProperty(clock, 'now', { get: () => start + (realNow() - began), set: () => {}, configurable: true });
}
