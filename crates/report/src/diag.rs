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
    if let Some(out) = long_line(file, source, start, end, &d.message) {
        return out;
    }
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

/// Lines longer than this are shown as an excerpt around the span.
const LONG_LINE: usize = 240;

/// The characters shown on each side of the span's start in an excerpt.
const EXCERPT: usize = 60;

/// The rendering of a diagnostic whose line is longer than [`LONG_LINE`]: the same layout as
/// codespan's, with an excerpt of the line (`...` where it is cut) and the caret under the span.
fn long_line(file: &str, source: &str, start: usize, end: usize, message: &str) -> Option<String> {
    let line_start = source[..start].rfind('\n').map(|i| i + 1).unwrap_or(0);
    let line_end = source[start..]
        .find('\n')
        .map(|i| start + i)
        .unwrap_or(source.len());
    let line = &source[line_start..line_end];
    if line.chars().count() <= LONG_LINE {
        return None;
    }
    let (line_no, col) = line_col(source, start);
    let before: Vec<char> = source[line_start..start].chars().collect();
    let cut = before.len().saturating_sub(EXCERPT);
    let after: String = source[start..line_end].chars().take(EXCERPT).collect();
    let width = source[start..end.min(line_end).max(start)]
        .chars()
        .count()
        .clamp(1, EXCERPT);
    let head = if cut > 0 { "..." } else { "" };
    let tail = if source[start..line_end].chars().count() > EXCERPT {
        "..."
    } else {
        ""
    };
    let shown: String = before[cut..].iter().collect();
    let gutter = " ".repeat(line_no.to_string().len());
    Some(format!(
        "error: {message}\n{gutter}--> {file}:{line_no}:{col}\n{gutter} |\n{line_no} | {head}{shown}{after}{tail}\n{gutter} | {}{}\n",
        " ".repeat(head.len() + before.len() - cut),
        "^".repeat(width)
    ))
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
    fn long_lines_are_shown_as_an_excerpt() {
        let src = format!("lhs {}X{}\n", "(".repeat(100_000), ")".repeat(100_000));
        let d = Diagnostic {
            span: Span {
                start: 50_004,
                end: 50_005,
            },
            message: "too deep".into(),
        };
        let out = render_diagnostic("f.rule", &src, &d);
        assert!(out.len() < 400, "{out}");
        assert!(out.contains("f.rule:1:50005"), "{out}");
        let lines: Vec<&str> = out.lines().collect();
        let caret = lines[4].find('^').unwrap();
        assert_eq!(&lines[3][caret..caret + 1], "(", "{out}");
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
