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
  // Only Date is replaced: timers and performance.now() stay the machine's, so the server runs as it does in production.
  const clock = FakeTimers.install({ now: start, toFake: ['Date'] });
  let last = realNow();
  // The clock moves as the machine's does; the timer that moves it does not keep the process alive.
  setInterval(() => {
    const now = realNow();
    clock.tick(now - last);
    last = now;
  }, 10).unref();
}
