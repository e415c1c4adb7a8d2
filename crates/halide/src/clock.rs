//! A case's clock in CPU seconds: the one of `smt` ([`smt::clock`]), shared with lift.

pub use smt::clock::{cpu_now, spent_since, CaseClock, Deadline};
