//! The budget of one function's lift, in CPU seconds ([`smt::clock`]), so that a verdict does
//! not depend on how loaded the machine is. Checked where evaluation can grow without bound (a
//! block's element at a lane, which nested loop summaries re-evaluate): past the budget the
//! lift unwinds to `guarded` (crate root), which makes the function's record `unknown`; the
//! file's other functions keep their verdicts. The solvers' limits are wall time, stretched by
//! the function's measured ratio of wall to CPU time ([`solver_limit`]).

use smt::clock::{CaseClock, Deadline};
use std::cell::Cell;
use std::time::Duration;

thread_local! {
    /// The running function's clock and the point its budget is spent, if one runs.
    static JOB: Cell<Option<(CaseClock, Deadline)>> = const { Cell::new(None) };
    static TICKS: Cell<u32> = const { Cell::new(0) };
}

/// The payload of the unwinding when the time is up (not a panic: no hook runs).
pub(crate) struct TimeUp;

/// Starts the clock of one function: `budget` of CPU time from now.
pub(crate) fn start(budget: Duration) {
    let job = Deadline::after(budget).map(|at| (CaseClock::start(), at));
    JOB.with(|j| j.set(job));
}

/// Stops the clock.
pub(crate) fn stop() {
    JOB.with(|j| j.set(None));
}

/// When the running function's budget is spent, if a clock runs.
pub(crate) fn deadline() -> Option<Deadline> {
    JOB.with(|j| j.get()).map(|(_, at)| at)
}

/// The running function's deadline, or `budget` of CPU time from now where no clock runs (a
/// kernel lifted outside `guarded`, as unit tests do).
pub(crate) fn deadline_or(budget: Duration) -> Deadline {
    deadline()
        .or_else(|| Deadline::after(budget))
        .unwrap_or_else(|| Deadline::Wall(std::time::Instant::now() + budget))
}

/// A solver's wall limit for `cpu` of work: stretched by the running function's ratio of wall
/// to CPU time (1 where no clock runs).
pub(crate) fn solver_limit(cpu: Duration) -> Duration {
    match JOB.with(|j| j.get()) {
        Some((case, _)) => case.as_wall(cpu),
        None => cpu,
    }
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
    if deadline().is_some_and(|at| at.passed()) {
        std::panic::resume_unwind(Box::new(TimeUp));
    }
}
