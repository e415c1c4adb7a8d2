//! Reason classes: the reason of an `unknown` or `error` verdict with what changes from kernel
//! to kernel taken out, so that one class counts every kernel stopped by the same idiom and
//! stays the same across small edits of the source. Used by `bench --lift` on code without
//! headers and by the real-corpus test (`tests/lift_real.rs` includes this file), so the two
//! agree on what a class is.
//!
//! What is taken out: a name in backticks becomes `` `_` `` (see [`name`]: quoted code and
//! keywords are kept); outside backticks, a position `LINE:COL` is dropped with the ` at ` or
//! `:` before it and any other number becomes `N` (a number followed by `-`, as in `1-D`, is
//! kept); the unquoted parameter lists of [`UNQUOTED`] become `_`; white space runs become one
//! space.

/// Text that lift prints without backticks although it names parameters: (opening, closing).
/// What lies between is replaced by `_`.
const UNQUOTED: &[(&str, &str)] = &[("it has ", ")")];

/// The class of one reason (or one diagnostic's message).
pub fn class(reason: &str) -> String {
    let text = unquoted(reason);
    let parts: Vec<&str> = text.split('`').collect();
    let mut out = String::new();
    for (n, part) in parts.iter().enumerate() {
        // Odd parts lie between backticks; a last odd part has no closing one and is text.
        if n % 2 == 1 && n + 1 < parts.len() {
            out.push_str(&format!("`{}`", name(part)));
        } else {
            if n % 2 == 1 {
                out.push('`');
            }
            out.push_str(&numbers(&positions(part)));
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The class of a file's diagnostics: each message's class, repeated ones once, in order,
/// joined by ` | `.
pub fn class_of_messages<'a>(messages: impl IntoIterator<Item = &'a str>) -> String {
    let mut seen: Vec<String> = vec![];
    for m in messages {
        let c = class(m);
        if !seen.contains(&c) {
            seen.push(c);
        }
    }
    seen.join(" | ")
}

/// Python words that are never the user's names.
const KEYWORDS: &[&str] = &[
    "None", "True", "False", "return", "if", "else", "elif", "for", "while", "break", "continue",
    "yield", "lambda", "with", "assert", "del", "global", "import", "pass",
];

/// A quoted text with the user's name taken out: the whole text when it is a name (`` `x` ``),
/// the name that starts it before `[` or an assignment (`` `k[grid](...)` ``, `` `acc += ...` ``);
/// other code (`` `@triton.jit` ``, `` `x.view(-1, N)` ``) and keywords are kept.
fn name(quoted: &str) -> String {
    let b = quoted.as_bytes();
    let starts_name = b
        .first()
        .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_');
    let end = b.iter().take_while(|c| is_word(**c)).count();
    if !starts_name || KEYWORDS.contains(&&quoted[..end]) {
        return quoted.to_string();
    }
    let rest = &quoted[end..];
    let assigned = [" = ", " += ", " -= ", " *= ", " /= "];
    if rest.is_empty() {
        "_".to_string()
    } else if rest.starts_with('[') || assigned.iter().any(|a| rest.starts_with(a)) {
        format!("_{rest}")
    } else {
        quoted.to_string()
    }
}

/// The text without its `LINE:COL` positions (and the ` at ` or `:` before each).
fn positions(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some((start, end)) = next_position(rest) {
        let before = &rest[..start];
        let before = before
            .strip_suffix(" at ")
            .or_else(|| before.strip_suffix(':'))
            .unwrap_or(before);
        out.push_str(before);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The byte range of the first `DIGITS:DIGITS` not inside a longer run of digits or letters.
fn next_position(s: &str) -> Option<(usize, usize)> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() && (i == 0 || !is_word(b[i - 1])) {
            let line_end = digits_end(b, i);
            if b.get(line_end) == Some(&b':') {
                let col_end = digits_end(b, line_end + 1);
                if col_end > line_end + 1 && b.get(col_end).is_none_or(|c| !is_word(*c)) {
                    return Some((i, col_end));
                }
            }
            i = line_end;
        } else {
            i += 1;
        }
    }
    None
}

/// The text with what lies between the pairs of [`UNQUOTED`] replaced by `_`.
fn unquoted(s: &str) -> String {
    let mut text = s.to_string();
    for (open, close) in UNQUOTED {
        let Some(at) = text.find(open) else { continue };
        let from = at + open.len();
        let Some(len) = text[from..].find(close) else {
            continue;
        };
        // Only a plain list: no code, no nested group.
        if !text[from..from + len].contains(['`', '(', ';']) {
            text.replace_range(from..from + len, "_");
        }
    }
    text
}

/// Every free-standing number (`12`, `0.5`) as `N`; digits inside a word or joined to one by
/// `-` (`1-D`, `UTF-8`) kept.
fn numbers(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    let mut copied = 0;
    while i < b.len() {
        // `UTF-8`, `x-2`: glued to a word by `-`, part of a name.
        let glued = i >= 2 && b[i - 1] == b'-' && is_word(b[i - 2]);
        if b[i].is_ascii_digit() && (i == 0 || !is_word(b[i - 1])) && !glued {
            let mut end = digits_end(b, i);
            if b.get(end) == Some(&b'.') && b.get(end + 1).is_some_and(u8::is_ascii_digit) {
                end = digits_end(b, end + 1);
            }
            if b.get(end).is_none_or(|c| !is_word(*c) && *c != b'-') {
                out.push_str(&s[copied..i]);
                out.push('N');
                copied = end;
            }
            i = end;
        } else {
            i += 1;
        }
    }
    out.push_str(&s[copied..]);
    out
}

fn digits_end(b: &[u8], from: usize) -> usize {
    from + b[from..].iter().take_while(|c| c.is_ascii_digit()).count()
}

fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_positions_and_numbers_are_taken_out() {
        assert_eq!(
            class("the launcher could not be read: the launch gives no value to the kernel parameter `BLOCK_C` at 551:17"),
            "the launcher could not be read: the launch gives no value to the kernel parameter `_`"
        );
        assert_eq!(
            class("the launcher asserts that shapes of ranks 2 and 1 are equal at 806:12"),
            "the launcher asserts that shapes of ranks N and N are equal"
        );
        assert_eq!(
            class("internal error (a bug): panicked at crates/smt/src/term.rs:275:9: left: Real"),
            "internal error (a bug): panicked at crates/smt/src/term.rs: left: Real"
        );
        assert_eq!(
            class("overran 0.5 s on a 1-D x2 block"),
            "overran N s on a 1-D x2 block"
        );
    }

    #[test]
    fn unquoted_parameter_lists_are_taken_out() {
        let a = "no launch `k[grid](...)` in the file, and the kernel is not of the 1-D pattern (one size parameter, one block size: it has n_cols and BLOCK, num_stages) (kernel at 85:5)";
        let b = "no launch `other[grid](...)` in the file, and the kernel is not of the 1-D pattern (one size parameter, one block size: it has none and none) (kernel at 13:5)";
        assert_eq!(class(a), class(b));
        assert!(class(a).ends_with("it has _) (kernel)"), "{}", class(a));
        assert_eq!(
            class("`x` has 2 indices; it has rank 3 (a `y`)"),
            "`_` has N indices; it has rank N (a `_`)"
        );
    }

    #[test]
    fn odd_text_is_kept() {
        assert_eq!(class("an unclosed `quote 3"), "an unclosed `quote N");
        assert_eq!(
            class("no `@triton.jit` kernel; a `return` in `k[grid](...)`, `x.view(-1, 2)`"),
            "no `@triton.jit` kernel; a `return` in `_[grid](...)`, `x.view(-1, 2)`"
        );
        assert_eq!(class("`acc += ...` in `f`"), "`_ += ...` in `_`");
        assert_eq!(class("`left == right`"), "`left == right`");
        assert_eq!(class(""), "");
        assert_eq!(class("12:"), "N:");
        assert_eq!(
            class_of_messages(["grid (kernel `a`)", "grid (kernel `b`)", "other"]),
            "grid (kernel `_`) | other"
        );
    }
}
