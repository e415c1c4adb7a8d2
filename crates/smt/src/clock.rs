//! A job's clock in CPU seconds, so that what a check may spend does not depend on how
//! loaded the machine is: the checking thread's own time plus that of the solver processes it
//! waited for ([`crate::solver_process_cpu`]). Used by every front end that budgets a job
//! (halide's cases, lift's kernels). A check runs on one thread (Z3 solves on the
//! calling thread; cvc5 in a child process), so this is the case's whole work.
//!
//! The solvers' own limits are wall time (Z3's interrupt, cvc5's `--tlimit`); a call's limit is
//! stretched by the case's measured ratio of wall to CPU time ([`CaseClock::stretch`]), so that
//! a query gets about the same CPU time on a loaded machine as on an idle one.

use std::time::{Duration, Instant};

/// The most a wall limit is stretched (a machine more loaded than this is treated as this).
pub const MAX_STRETCH: f64 = 8.0;

/// CPU time (user + system) of the calling thread and the solver processes it waited for;
/// `None` where the platform does not say (callers then use wall time).
pub fn cpu_now() -> Option<Duration> {
    Some(thread_cpu()? + crate::solver_process_cpu())
}

/// The calling thread's CPU time: `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`, a call without a
/// system call on Linux (deadlines are checked lane by lane in lift's concrete replays, where
/// reading `/proc/thread-self/stat` each time was 7% of the run).
#[cfg(unix)]
fn thread_cpu() -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant libc defines.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return None;
    }
    Some(Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

#[cfg(not(unix))]
fn thread_cpu() -> Option<Duration> {
    None
}

/// When a case started, in wall and in CPU time.
#[derive(Clone, Copy, Debug)]
pub struct CaseClock {
    wall: Instant,
    cpu: Option<Duration>,
}

impl CaseClock {
    /// Starts now, on the calling thread (the thread that runs the check).
    pub fn start() -> CaseClock {
        CaseClock {
            wall: Instant::now(),
            cpu: cpu_now(),
        }
    }

    /// Wall time since the start.
    pub fn wall(&self) -> Duration {
        self.wall.elapsed()
    }

    /// CPU time since the start (wall time where the platform has no thread clock).
    pub fn cpu(&self) -> Duration {
        match (self.cpu, cpu_now()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => self.wall(),
        }
    }

    /// The ratio of wall to CPU time so far, in [1, [`MAX_STRETCH`]]: how much longer than its
    /// CPU time a piece of work takes on this machine now. 1 until the case has run half a
    /// second of wall time (too little to measure).
    pub fn stretch(&self) -> f64 {
        let wall = self.wall().as_secs_f64();
        if wall < 0.5 {
            return 1.0;
        }
        // The thread clock ticks in 10 ms: at least one tick.
        let cpu = self.cpu().as_secs_f64().max(0.01);
        (wall / cpu).clamp(1.0, MAX_STRETCH)
    }

    /// `d` of CPU time as a wall limit: stretched by [`CaseClock::stretch`].
    pub fn as_wall(&self, d: Duration) -> Duration {
        d.mul_f64(self.stretch())
    }
}

/// A point in the calling thread's CPU time ([`cpu_now`]; wall time where the platform has no
/// thread clock): when a concrete run must stop.
#[derive(Clone, Copy, Debug)]
pub enum Deadline {
    Cpu(Duration),
    Wall(Instant),
}

impl Deadline {
    /// `d` of CPU time from now; `None` when that is beyond any clock (no deadline).
    pub fn after(d: Duration) -> Option<Deadline> {
        match cpu_now() {
            Some(now) => now.checked_add(d).map(Deadline::Cpu),
            None => Instant::now().checked_add(d).map(Deadline::Wall),
        }
    }

    /// Whether it has passed (reads the thread's clock: call it every few thousand steps).
    pub fn passed(&self) -> bool {
        match self {
            Deadline::Cpu(at) => cpu_now().is_none_or(|now| now >= *at),
            Deadline::Wall(at) => Instant::now() >= *at,
        }
    }
}

/// CPU time of the calling thread, or wall time elapsed where it has no clock, since `from`.
pub fn spent_since(from: (Instant, Option<Duration>)) -> Duration {
    match (from.1, cpu_now()) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => from.0.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_time_grows_with_work_and_not_with_sleep() {
        let c = CaseClock::start();
        std::thread::sleep(Duration::from_millis(300));
        let slept = c.cpu();
        assert!(slept < Duration::from_millis(100), "{slept:?}");
        let mut x = 0u64;
        while c.cpu() < Duration::from_millis(200) {
            for i in 0..100_000u64 {
                x = x.wrapping_mul(31).wrapping_add(i);
            }
        }
        assert!(x != 1 && c.stretch() >= 1.0 && c.stretch() <= MAX_STRETCH);
    }
}
