//! The time limit of one function's lift, checked where evaluation can grow without bound (a
//! block's element at a lane, which nested loop summaries re-evaluate). Past the limit the
//! lift unwinds to `guarded` (crate root), which makes the function's record `unknown`; the
//! file's other functions keep their verdicts.

use std::cell::Cell;
use std::time::{Duration, Instant};

thread_local! {
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    static TICKS: Cell<u32> = const { Cell::new(0) };
}

/// The payload of the unwinding when the time is up (not a panic: no hook runs).
pub(crate) struct TimeUp;

/// Starts the clock of one function: `budget` from now.
pub(crate) fn start(budget: Duration) -> Instant {
    let at = Instant::now() + budget;
    DEADLINE.with(|d| d.set(Some(at)));
    at
}

/// Stops the clock.
pub(crate) fn stop() {
    DEADLINE.with(|d| d.set(None));
}

/// When the running function's time is up, if a clock runs.
pub(crate) fn deadline() -> Option<Instant> {
    DEADLINE.with(|d| d.get())
}

/// Unwinds with [`TimeUp`] when the time is up (read every 4096 calls: cheap).
pub(crate) fn tick() {
    let n = TICKS.with(|t| {
        let n = t.get().wrapping_add(1);
        t.set(n);
        n
    });
    if n % 4096 != 0 {
        return;
    }
    if deadline().is_some_and(|at| Instant::now() > at) {
        std::panic::resume_unwind(Box::new(TimeUp));
    }
}
