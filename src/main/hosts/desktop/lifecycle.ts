import type { App } from 'electron';

/**
 * Quit order: the first quit is held back until the core has stopped (SIGTERM, it closes the
 * database; SIGKILL after the supervisor's deadline), then the app quits for real.
 */
export function stopCoreBeforeQuit(app: Pick<App, 'on' | 'quit'>, core: { stop(): Promise<void> }): void {
  let stopped = false;
  let stopping = false;
  app.on('before-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    if (stopping) return;
    stopping = true;
    void core.stop().finally(() => {
      stopped = true;
      app.quit();
    });
  });
}
