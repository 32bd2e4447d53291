import { createUpdateController } from './update-controller';

/** The one update controller of this page: fed by register-sw.ts and route errors, read by the prompt. */
export const appUpdates = createUpdateController({
  reloadPage: () => window.location.reload(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
});
