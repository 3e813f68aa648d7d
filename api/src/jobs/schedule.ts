/**
 * Runs `task` a little after start and then every `minutes`, never two runs at once (a slow run makes the next tick
 * wait). The timers do not keep the process alive. Returns the function that stops them.
 */
export function every(
  minutes: number,
  task: () => Promise<void>,
  onError: (error: Error) => void,
  firstDelayMs = 10_000,
): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    task()
      .catch((error) => onError(error as Error))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(tick, firstDelayMs);
  const timer = setInterval(tick, minutes * 60_000);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
