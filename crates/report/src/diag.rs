//! Diagnostics rendered the way compilers print them (codespan-reporting): the message, the
//! `file:line:column` it points to, the source line and a caret under the span. One renderer
//! for every front end.

use crate::Diagnostic;
use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Chars, Config};

/// 1-based line and column (in characters) of byte offset `at`.
pub fn line_col(source: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(source.len());
    while !source.is_char_boundary(at) {
        at -= 1;
    }
    let line_start = source[..at].rfind('\n').map(|i| i + 1).unwrap_or(0);
    (
        source[..at].matches('\n').count() + 1,
        source[line_start..at].chars().count() + 1,
    )
}

/// The diagnostic as plain text: `error: message`, ` --> file:line:col`, the line, a caret.
pub fn render_diagnostic(file: &str, source: &str, d: &Diagnostic) -> String {
    render_diagnostic_styled(file, source, d, false)
}

/// As [`render_diagnostic`], with ANSI colours when `color` (for a terminal).
pub fn render_diagnostic_styled(file: &str, source: &str, d: &Diagnostic, color: bool) -> String {
    let (start, end) = clamp(source, d.span.start, d.span.end);
    let files = SimpleFile::new(file, source);
    let report = Report::error()
        .with_message(&d.message)
        .with_labels(vec![Label::primary((), start..end)]);
    let config = Config {
        chars: Chars::ascii(),
        ..Config::default()
    };
    let rendered = if color {
        let mut buf = term::termcolor::Buffer::ansi();
        term::emit_to_write_style(&mut buf, &config, &files, &report)
            .ok()
            .and_then(|_| String::from_utf8(buf.into_inner()).ok())
    } else {
        term::emit_into_string(&config, &files, &report).ok()
    };
    rendered.unwrap_or_else(|| {
        let (line, col) = line_col(source, start);
        format!("error: {}\n --> {file}:{line}:{col}\n", d.message)
    })
}

/// A span inside `source`, on character boundaries, never empty where the text has a character
/// to point at (a caret needs a width).
fn clamp(source: &str, start: usize, end: usize) -> (usize, usize) {
    let mut start = start.min(source.len());
    while !source.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = end.clamp(start, source.len());
    while !source.is_char_boundary(end) {
        end += 1;
    }
    if end == start {
        if let Some(c) = source[start..].chars().next().filter(|c| *c != '\n') {
            end = start + c.len_utf8();
        }
    }
    (start, end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Span;

    #[test]
    fn position_and_caret() {
        let src = "rule r {\n  lhs add(A, 1)\n}\n";
        let d = Diagnostic {
            span: Span { start: 19, end: 20 },
            message: "unknown tensor `A`".into(),
        };
        let out = render_diagnostic("x.rule", src, &d);
        assert!(out.starts_with("error: unknown tensor `A`"), "{out}");
        assert!(out.contains("x.rule:2:11"), "{out}");
        assert!(out.contains("lhs add(A, 1)"), "{out}");
        assert!(out.contains("          ^"), "{out}");
    }

    #[test]
    fn spans_past_the_end_or_inside_a_character_do_not_panic() {
        let src = "é\n";
        for (s, e) in [(0, 0), (1, 1), (1, 100), (100, 200), (3, 1)] {
            let d = Diagnostic {
                span: Span { start: s, end: e },
                message: "m".into(),
            };
            let _ = render_diagnostic("f", src, &d);
            let _ = render_diagnostic_styled("f", src, &d, true);
        }
    }
}
