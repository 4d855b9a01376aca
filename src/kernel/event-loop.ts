/**
 * Lets the event loop run what is waiting (others' requests, timers) before going on: for work on
 * the serving thread that comes in steps of tens of milliseconds, between the steps. An awaited
 * promise alone does not: it resumes before any I/O is looked at.
 */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
