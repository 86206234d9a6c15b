/**
 * The time the scheduled work sees (recurring invoices, reminders). Real time by default; tests and the
 * development route /api/dev/clock move it forward, so "next month" can be tried without waiting a month.
 */
export interface Clock {
  now(): Date;
  /** Moves this process's clock to `at` (null: back to real time). */
  set(at: Date | null): void;
}

export function createClock(): Clock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    set: (at) => {
      offset = at ? at.getTime() - Date.now() : 0;
    },
  };
}

/** The app's clock, made on first use (ctx.services.clock; any AppContext fits). */
export function clockOf(ctx: { services: { clock?: Clock } }): Clock {
  let clock = ctx.services.clock;
  if (!clock) ctx.services.clock = clock = createClock();
  return clock;
}
