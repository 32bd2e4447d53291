const HOUR_MS = 60 * 60 * 1000;

/**
 * A POS tablet stays open for days: look for a new version every hour and when the app comes back
 * to the foreground (at most every 10 minutes). Finding one only shows the prompt.
 */
export function scheduleUpdateChecks(check: () => Promise<unknown>): void {
  let last = Date.now();
  const run = () => {
    last = Date.now();
    check().catch(() => undefined); // offline: try again next time
  };
  setInterval(run, HOUR_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - last > 10 * 60 * 1000) run();
  });
}
