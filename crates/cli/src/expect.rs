//! Expected verdicts (`// expect:` headers, a suite's manifest) and what meeting them means;
//! shared by `rules --expectations`, `bench` and `mlir --suite`.

/// Whether `got` meets `expected`: the same verdict, or `vacuous` where `verified` was expected
/// (a claim that can never apply holds trivially).
pub fn meets(expected: &str, got: &str) -> bool {
    expected == got || (expected == "verified" && got == "vacuous")
}

/// A verdict that contradicts its expectation: refuted where verified was expected, or verified
/// where refuted was. A bug in the checker or in the expectation, never acceptable.
pub fn is_alarm(expected: Option<&str>, got: &str) -> bool {
    matches!(
        (expected, got),
        (Some("verified"), "refuted") | (Some("refuted"), "verified" | "vacuous")
    )
}

/// One job's verdict against its expectation, for the exit code.
pub struct Judged<'a> {
    pub expected: Option<&'a str>,
    /// The expectation is known to be out of reach for now (a `pending:` header).
    pub pending: bool,
    pub got: &'a str,
}

/// Exit code in expectation mode: 1 on an alarm; else 2 on an unexpected error; else 3 when
/// an expectation (a job without one must verify) is not met and not pending; else 0.
pub fn exit_code(jobs: &[Judged]) -> i32 {
    if jobs.iter().any(|j| is_alarm(j.expected, j.got)) {
        return 1;
    }
    if jobs
        .iter()
        .any(|j| j.got == "error" && j.expected != Some("error"))
    {
        return 2;
    }
    let unmet = jobs
        .iter()
        .any(|j| !j.pending && !meets(j.expected.unwrap_or("verified"), j.got));
    if unmet {
        3
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn j<'a>(e: Option<&'a str>, got: &'a str) -> Judged<'a> {
        Judged {
            expected: e,
            pending: false,
            got,
        }
    }

    #[test]
    fn codes() {
        assert_eq!(exit_code(&[j(Some("refuted"), "refuted")]), 0);
        assert_eq!(exit_code(&[j(Some("verified"), "vacuous")]), 0);
        assert_eq!(exit_code(&[j(Some("verified"), "refuted")]), 1);
        assert_eq!(exit_code(&[j(Some("refuted"), "vacuous")]), 1);
        assert_eq!(exit_code(&[j(Some("verified"), "unknown")]), 3);
        assert_eq!(exit_code(&[j(None, "error")]), 2);
        assert_eq!(exit_code(&[j(Some("error"), "error")]), 0);
        let pending = Judged {
            expected: Some("verified"),
            pending: true,
            got: "unknown",
        };
        assert_eq!(exit_code(&[pending]), 0);
        assert!(!is_alarm(Some("unknown"), "refuted"));
        assert!(!is_alarm(None, "refuted"));
    }
}
