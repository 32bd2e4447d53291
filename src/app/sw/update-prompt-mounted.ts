import { createContext } from 'react';

/**
 * True below the root layout, which mounts <UpdatePrompt />. A route error above it (a lazy POS
 * chunk that failed to load replaces the root layout) mounts its own, so the prompt shows exactly once.
 */
export const UpdatePromptMounted = createContext(false);
