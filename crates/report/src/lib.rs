//! `report`: one verdict model for every tensorproof command, and its renderers.
//!
//! It is for typed outcomes ([`Verdict`], [`Counterexample`], [`Diagnostic`]) and turning them
//! into text, JSON Lines and summary tables. It is not for deciding anything: front ends build
//! these values; the CLI prints them and chooses the exit code ([`exit_code`]).

mod diag;
mod pairs;
mod text;
mod wide;

pub use diag::{line_col, render_diagnostic, render_diagnostic_styled};
pub use text::{render_counterexample, summary_table};

use serde::{Deserialize, Serialize};

/// A position in a source text, as byte offsets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

/// A problem with the input, pointing into it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Diagnostic {
    pub span: Span,
    pub message: String,
}

/// A concrete tensor in a counterexample: axis names with sizes, row-major elements.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TensorValue {
    pub name: String,
    pub element_type: String,
    #[serde(with = "pairs::ints")]
    pub axes: Vec<(String, i128)>,
    pub data: Vec<String>,
    /// Row-major offsets of elements the solver left free (they show a fixed pattern).
    pub free: Vec<usize>,
}

/// What differs between the two sides in a counterexample.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Mismatch {
    /// The right side is not well-formed where the left side is; `op` names the innermost op
    /// whose XLA shape constraints fail (e.g. `slice`).
    RhsInvalid { op: String },
    /// The shapes differ.
    Shape {
        #[serde(with = "pairs::ints")]
        lhs: Vec<(String, i128)>,
        #[serde(with = "pairs::ints")]
        rhs: Vec<(String, i128)>,
    },
    /// The elements at `index` differ.
    Value {
        #[serde(with = "pairs::ints")]
        index: Vec<(String, i128)>,
        lhs: String,
        rhs: String,
    },
    /// The float elements at `index` differ (IEEE element types), and how.
    FloatValue {
        #[serde(with = "pairs::ints")]
        index: Vec<(String, i128)>,
        lhs: String,
        rhs: String,
        difference: FloatDifference,
    },
    /// Refinement (`tensorproof mlir`): the target has undefined behaviour where the source
    /// has none.
    TargetUb { what: String },
    /// Refinement: result `output` has different shapes.
    OutputShape {
        output: usize,
        #[serde(with = "wide::list")]
        src: Vec<i128>,
        #[serde(with = "wide::list")]
        tgt: Vec<i128>,
    },
    /// Refinement: the source's element of result `output` at `index` (empty for a scalar) is
    /// defined and the target's differs (or is poison).
    Output {
        output: usize,
        #[serde(with = "wide::list")]
        index: Vec<i128>,
        src: String,
        tgt: String,
    },
    /// Translation validation (`tensorproof xla`): element `index` of output `output` differs
    /// between the module before optimization and the one after.
    Optimized {
        output: usize,
        #[serde(with = "wide::list")]
        index: Vec<i128>,
        before: String,
        after: String,
    },
    /// Refinement: at function exit, the source's memory cell `index` of the block that
    /// argument `block` points to is defined and the target's differs (or is poison, or the
    /// block is no longer live: `tgt` says so).
    Memory {
        block: String,
        #[serde(with = "wide::list")]
        index: Vec<i128>,
        src: String,
        tgt: String,
    },
}

/// How two IEEE 754 values differ: in kind (a NaN, an infinity, a zero or a sign on one side
/// only), or in the last places.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum FloatDifference {
    /// One side is NaN, the other is not.
    Nan,
    /// One side is an infinity, the other is finite.
    Infinity,
    /// Zeros of opposite signs.
    SignOfZero,
    /// One side is a zero, the other a non-zero finite value.
    Zero,
    /// Non-zero values of opposite signs.
    Sign,
    /// Finite non-zero values of one sign, `ulps` representable values apart, at `relative`
    /// difference (`|l - r| / max(|l|, |r|)`).
    Ulps { ulps: u64, relative: f64 },
}

impl FloatDifference {
    /// The largest relative difference still called rounding (0.1%).
    pub const ROUNDING: f64 = 1e-3;

    /// A difference in kind rather than in the last places: every variant but a distance in
    /// ulp at most [`FloatDifference::ROUNDING`] relative.
    pub fn is_qualitative(&self) -> bool {
        !matches!(self, FloatDifference::Ulps { relative, .. } if *relative <= Self::ROUNDING)
    }

    /// The difference in words, for a counterexample.
    pub fn describe(&self) -> String {
        match self {
            FloatDifference::Nan => "qualitative: NaN on one side only".into(),
            FloatDifference::Infinity => {
                "qualitative: infinite on one side, finite on the other".into()
            }
            FloatDifference::SignOfZero => "qualitative: zeros of opposite signs".into(),
            FloatDifference::Zero => "qualitative: zero on one side, non-zero on the other".into(),
            FloatDifference::Sign => "qualitative: opposite signs".into(),
            FloatDifference::Ulps { ulps, relative } => {
                let unit = if *ulps == 1 { "ulp" } else { "ulps" };
                if self.is_qualitative() {
                    format!("qualitative: {ulps} {unit} apart (relative difference {relative:.2e})")
                } else {
                    format!("rounding: {ulps} {unit} apart (relative difference {relative:.2e})")
                }
            }
        }
    }
}

/// A counterexample that the concrete interpreter replayed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Counterexample {
    /// The element type and rank of every aggregated axis of the failing instance.
    pub instance: String,
    /// Attribute and size maps: name and values per axis.
    #[serde(with = "pairs::nested")]
    pub maps: Vec<(String, Vec<(String, i128)>)>,
    #[serde(with = "pairs")]
    pub scalars: Vec<(String, String)>,
    pub inputs: Vec<TensorValue>,
    pub mismatch: Mismatch,
}

/// The outcome of checking one claim.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "lowercase")]
pub enum Verdict {
    /// Every obligation was unsat; the claim holds under `assumptions`.
    Verified { assumptions: Vec<String> },
    /// A replayed counterexample.
    Refuted { counterexample: Box<Counterexample> },
    /// The precondition together with the left side's validity never holds.
    Vacuous { reason: String },
    /// Neither proved nor refuted, and why.
    Unknown { reason: String },
    /// The input is malformed.
    Error { diagnostics: Vec<Diagnostic> },
}

impl Verdict {
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Verified { .. } => "verified",
            Verdict::Refuted { .. } => "refuted",
            Verdict::Vacuous { .. } => "vacuous",
            Verdict::Unknown { .. } => "unknown",
            Verdict::Error { .. } => "error",
        }
    }
}

/// The outcome for one rule (or one pair, one kernel).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Outcome {
    pub file: String,
    pub name: String,
    pub verdict: Verdict,
    /// The expected verdict stated in the input's header, if any.
    pub expected: Option<String>,
    /// Why the tool cannot reach the expected verdict yet, if the input says so.
    pub pending: Option<String>,
    pub seconds: f64,
    /// Extra facts for the report: instances checked, queries, bounds.
    #[serde(with = "pairs")]
    pub details: Vec<(String, String)>,
}

/// Exit codes: 0 all verified (or vacuous), 1 something refuted, 2 an input error, 3 something
/// unknown. The most severe wins in the order 2, 1, 3.
pub fn exit_code(outcomes: &[Outcome]) -> i32 {
    let has = |n: &str| outcomes.iter().any(|o| o.verdict.name() == n);
    if has("error") {
        2
    } else if has("refuted") {
        1
    } else if has("unknown") {
        3
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Verdicts cross a process boundary (the CLI's workers) as JSON: they must read back equal,
    /// 128-bit integers included.
    #[test]
    fn verdicts_round_trip_through_json() {
        let c = Counterexample {
            instance: "int, rank R = 1".into(),
            maps: vec![("size".into(), vec![("R.0".into(), 2)])],
            scalars: vec![("v".into(), "3".into())],
            inputs: vec![TensorValue {
                name: "X".into(),
                element_type: "int".into(),
                axes: vec![("R.0".into(), i128::MAX)],
                data: vec!["1".into()],
                free: vec![0],
            }],
            mismatch: Mismatch::Output {
                output: 0,
                index: vec![1, -(1 << 100)],
                src: "1".into(),
                tgt: "2".into(),
            },
        };
        for v in [
            Verdict::Refuted {
                counterexample: Box::new(c),
            },
            Verdict::Unknown { reason: "r".into() },
            Verdict::Error {
                diagnostics: vec![Diagnostic {
                    span: Span { start: 1, end: 2 },
                    message: "m".into(),
                }],
            },
        ] {
            let text = serde_json::to_string(&v).unwrap();
            let back: Verdict = serde_json::from_str(&text).unwrap();
            assert_eq!(back, v, "{text}");
        }
    }
}
