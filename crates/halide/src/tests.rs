//! Unit tests: malformed input gives diagnostics (never a panic), both parsers share the
//! expression syntax, the machine-type semantics of values agree between the two domains,
//! the concrete interpreter agrees with every verified corpus case on small sizes, splitting
//! fused loops back is exact, and recurrences run in their RDom order.

use crate::syntax::Type;
use crate::value::{self, Val};
use report::Span;
use std::path::Path;
use symbolic::Sym;
use tensor::{Concrete, Domain};

fn corpus() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/halide")
}

/// A case budget as the CLI's default gives it for a solver timeout of `secs`.
fn budget(secs: u64) -> crate::check::Budget {
    let timeout = std::time::Duration::from_secs(secs);
    crate::check::Budget::new(
        crate::clock::CaseClock::start(),
        timeout * crate::CASE_BUDGET_PER_TIMEOUT,
        timeout,
    )
}

/// A case whose CPU budget is spent before its solver calls is `unknown`, naming the
/// budget and the obligation where it ran out, never `verified` (a correct case here: the
/// budget, not the statement, stops it).
#[test]
fn a_spent_case_budget_gives_unknown_naming_where() {
    let read = |n: &str| std::fs::read_to_string(corpus().join(n)).unwrap();
    let opts = crate::Options {
        timeout: std::time::Duration::from_secs(5),
        budget: Some(std::time::Duration::ZERO),
        collect_smt: false,
    };
    let r = crate::check(
        "rowsum-root.spec",
        &read("rowsum-root.spec"),
        "rowsum-root.stmt",
        &read("rowsum-root.stmt"),
        &opts,
    )
    .unwrap();
    match r.verdict {
        report::Verdict::Unknown { reason } => assert!(
            reason.starts_with("case budget of 0 CPU s exhausted at obligation "),
            "{reason}"
        ),
        v => panic!("{v:?}"),
    }
}

#[test]
fn malformed_statements_are_diagnosed_with_positions() {
    for (text, at) in [
        ("for (x, 0, 10 {\n f(x) = 1\n}\n", "{"),
        ("let = 3\n", "="),
        ("produce f {\n f(x) = (1 +\n}\n", "\n}"),
        ("f(x) = 1 1\n", "1\n"),
        ("realize f([0, 4] {\n}\n", "{"),
        ("x = 3\n", "="),
        ("\"unterminated\n", "\"unterminated"),
        ("for (x, 0, 4) {\n", ""),
        ("f(x) = x +\ng(x) = 1\n", "\ng("),
    ] {
        let ds = crate::stmt::parse(text).expect_err(text);
        assert!(!ds.is_empty());
        let want = if at.is_empty() {
            text.len()
        } else {
            text.rfind(at).unwrap()
        };
        assert!(ds.iter().any(|d| d.span.start == want), "{text:?}: {ds:?}");
        for d in &ds {
            let _ = report::render_diagnostic("f.stmt", text, d);
        }
    }
}

#[test]
fn malformed_specs_are_diagnosed() {
    for text in [
        "input in : uint16 dims 2\nfunc f(x) : uint16 = in(x\noutput f : uint16 dims 1\n",
        "input in : uint17 dims 2\n",
        "func f(x) : int32 = x\noutput g : int32 dims 1\n",
        "func f(x) : int32 = x\n",
        "update f(x) = 1\n",
        "func f(x) : int32 = x\nfunc f(x) : int32 = x\noutput f : int32 dims 1\n",
    ] {
        assert!(crate::spec::parse(text).is_err(), "{text}");
    }
}

/// A Tuple-valued Func is its components `f.0`, `f.1` (types of their own, one definition's
/// variables and updates); `f(x)[k]` calls component `k`; a malformed Tuple is diagnosed.
#[test]
fn tuples_are_components_and_calls_name_them() {
    let text = "input in : uint8 dims 1\nrdom r$x in [0, 4)\n\
                func m() : (uint8, int32) = tuple((uint8)255, -1)\n\
                update m() = tuple(min((uint8)in(r$x), m()[0]), select((uint8)in(r$x) < m()[0], r$x, m()[1]))\n\
                func out(x) : int32 = int32(m()[0]) + m()[1]\noutput out : int32 dims 1\n";
    let spec = crate::spec::parse(text).unwrap();
    let names: Vec<(&str, Type, usize)> = spec
        .funcs
        .iter()
        .map(|f| (f.name.as_str(), f.ty, f.updates.len()))
        .collect();
    assert_eq!(
        names,
        [
            ("m.0", Type::UInt(8), 1),
            ("m.1", Type::Int(32), 1),
            ("out", Type::Int(32), 0)
        ]
    );
    assert_eq!(spec.func("m.1").unwrap().base(), "m");
    assert!(spec.tuple_call_without_component().is_none());
    let mut called = Vec::new();
    crate::syntax::calls_of(&spec.func("out").unwrap().value, &mut |n| {
        called.push(n.to_string())
    });
    assert_eq!(called, ["m.0", "m.1"]);
    // The argmin, concretely: each step reads both components before it.
    let mut fields = std::collections::BTreeMap::new();
    fields.insert("in.min.0".to_string(), 0);
    fields.insert("in.extent.0".to_string(), 4);
    let setting = crate::run::Setting {
        fields,
        inputs: [("in".to_string(), vec![7, 3, 9, 3])].into_iter().collect(),
        float_denominator: 1,
    };
    let mut alg = crate::algo::Concrete::new(&spec, &setting);
    let mut d = Concrete::new(Default::default());
    let got = |alg: &mut crate::algo::Concrete, d: &mut Concrete, f: &str| {
        crate::run::show(&alg.value(d, f, &[]).unwrap())
    };
    assert_eq!(got(&mut alg, &mut d, "m.0"), "3");
    assert_eq!(got(&mut alg, &mut d, "m.1"), "1");
    // A call that names no component is unknown, with its position.
    let bare = text.replace("m()[1]))", "m()))");
    let spec = crate::spec::parse(&bare).unwrap();
    let (name, span) = spec.tuple_call_without_component().unwrap();
    assert_eq!(name, "m");
    assert_eq!(report::line_col(&bare, span.start).0, 4);
    for bad in [
        "func m() : (uint8, int32) = 1\noutput m : uint8 dims 0\n",
        "func m() : (uint8, int32) = tuple(1, 2, 3)\nfunc o() : int32 = 1\noutput o : int32 dims 0\n",
        "func m() : int32 = tuple(1, 2)\noutput m : int32 dims 0\n",
        "func m() : (int32, int32) = tuple(1, 2)\nupdate m() = 3\nfunc o() : int32 = 1\noutput o : int32 dims 0\n",
        "func m() : (int32, int32) = tuple(1, 2)\noutput m : int32 dims 0\n",
        "func o(x) : int32 = f(x)[y]\noutput o : int32 dims 1\n",
    ] {
        assert!(crate::spec::parse(bad).is_err(), "{bad}");
    }
}

/// A Tuple step's rules, symbolically: a component read after its own store in the step, or
/// read and never stored in it, is unsupported (named), never taken as the value before the
/// step; the correct statement states its obligations.
#[test]
fn tuple_steps_read_before_they_store() {
    let read = |name: &str| std::fs::read_to_string(corpus().join(name)).unwrap();
    let spec = crate::spec::parse(&read("argmin-root.spec")).unwrap();
    let obligations = |stmt: &str| {
        let stmt = crate::stmt::parse(&read(stmt)).unwrap();
        crate::check::obligations(&spec, &stmt).map(|(_, _, obs, _)| obs.len())
    };
    assert!(obligations("argmin-root.stmt").unwrap() > 10);
    let early = obligations("broken-argmin-store-early.stmt").err().unwrap();
    assert!(early.0.contains("after its store"), "{}", early.0);
    let removed = obligations("broken-argmin-index-store-removed.stmt")
        .err()
        .unwrap();
    assert!(
        removed.0.contains("does not store `dark.1`"),
        "{}",
        removed.0
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let deep = format!("f(x) = {}1{}\n", "(".repeat(100_000), ")".repeat(100_000));
    assert!(crate::stmt::parse(&deep).is_err());
    let unary = format!("f(x) = {}1\n", "-".repeat(100_000));
    assert!(crate::stmt::parse(&unary).is_err());
    let blocks = format!("{}{}", "produce f {\n".repeat(10_000), "}\n".repeat(10_000));
    assert!(crate::stmt::parse(&blocks).is_err());
}

#[test]
fn token_soup_never_panics() {
    let pieces = [
        "for", "(", ")", "{", "}", "let", "x", "=", "1", "+", "realize", "[", "]", ",", "\n",
        "produce", "f", "(uint8)", "select", "assert", "if", "else", "0.5f", "\"s\"", "/", "%",
        "!", "-",
    ];
    let mut x: u64 = 7;
    for _ in 0..2000 {
        let mut t = String::new();
        for _ in 0..30 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            t.push_str(pieces[(x >> 33) as usize % pieces.len()]);
            t.push(' ');
        }
        let _ = crate::stmt::parse(&t);
        let _ = crate::spec::parse(&t);
    }
}

/// The value layer in both domains: wrap-around, Euclidean division, zero divisors, casts.
#[test]
fn values_agree_between_domains() {
    let cases: [(i128, i128); 8] = [
        (7, 2),
        (-7, 2),
        (7, -2),
        (-7, -2),
        (5, 0),
        (65535, 3),
        (200, 100),
        (-128, 1),
    ];
    let ops = [
        crate::syntax::BinOp::Add,
        crate::syntax::BinOp::Sub,
        crate::syntax::BinOp::Mul,
        crate::syntax::BinOp::Div,
        crate::syntax::BinOp::Mod,
        crate::syntax::BinOp::Min,
        crate::syntax::BinOp::Lt,
    ];
    let types = [
        Type::UInt(8),
        Type::UInt(16),
        Type::Int(8),
        Type::Int(16),
        Type::Int(32),
    ];
    for t in types {
        for (a, b) in cases {
            for op in ops {
                let mut c = Concrete::new(Default::default());
                let (va, vb) = (value::int_lit(&mut c, t, a), value::int_lit(&mut c, t, b));
                let got = value::binary(&mut c, op, va, vb, Span::default()).ok();
                let mut s = Sym::new(smt::Store::new());
                let (sa, sb) = (value::int_lit(&mut s, t, a), value::int_lit(&mut s, t, b));
                let sym = value::binary(&mut s, op, sa, sb, Span::default()).ok();
                let (Some(got), Some(sym)) = (got, sym) else {
                    panic!("{op:?} {t}")
                };
                let want = match (&got, &sym) {
                    (Val::Int(x, _), Val::Int(y, _)) => (Some(*x), s.store.as_int(*y)),
                    (Val::Bool(x), Val::Bool(y)) => {
                        (Some(*x as i128), s.store.as_bool(*y).map(|b| b as i128))
                    }
                    _ => panic!("kinds differ"),
                };
                assert_eq!(want.0, want.1, "{op:?} at {t} on {a}, {b}");
                if let Val::Int(x, _) = got {
                    let (lo, hi) = match t {
                        Type::UInt(n) => (0, 1i128 << n),
                        Type::Int(n) if n < 32 => (-(1i128 << (n - 1)), 1i128 << (n - 1)),
                        _ => (i128::MIN, i128::MAX),
                    };
                    assert!(
                        lo <= x && x < hi,
                        "{op:?} at {t} on {a}, {b}: {x} out of range"
                    );
                }
            }
        }
    }
    // Halide's definitions: Euclidean division and remainder, 0 for a zero divisor.
    let mut c = Concrete::new(Default::default());
    let q = value::binary(
        &mut c,
        crate::syntax::BinOp::Div,
        Val::Int(-7, Type::Int(32)),
        Val::Int(2, Type::Int(32)),
        Span::default(),
    )
    .ok();
    assert!(matches!(q, Some(Val::Int(-4, _))));
    let r = value::binary(
        &mut c,
        crate::syntax::BinOp::Mod,
        Val::Int(-7, Type::Int(32)),
        Val::Int(2, Type::Int(32)),
        Span::default(),
    )
    .ok();
    assert!(matches!(r, Some(Val::Int(1, _))));
    let z = value::binary(
        &mut c,
        crate::syntax::BinOp::Div,
        Val::Int(7, Type::Int(32)),
        Val::Int(0, Type::Int(32)),
        Span::default(),
    )
    .ok();
    assert!(matches!(z, Some(Val::Int(0, _))));
    let w = value::cast(
        &mut c,
        Type::UInt(8),
        Val::Int(300, Type::Int(32)),
        Span::default(),
    )
    .ok();
    assert!(matches!(w, Some(Val::Int(44, _))));
    let _ = c.lit_i(0);
}

/// Harness sanity: every case the checker verifies also runs clean in the concrete
/// interpreter on small sizes (the two semantics agree on correct programs). Sizes 1 to 3
/// and around a tile of 8 (the apps' 5-tap and 5x5-window pipelines make the checker's full
/// search list slow in the interpreter).
#[test]
fn verified_cases_replay_clean_on_small_sizes() {
    let mut n = 0;
    for e in std::fs::read_dir(corpus()).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "stmt")
            || p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("broken")
        {
            continue;
        }
        let stmt_text = std::fs::read_to_string(&p).unwrap();
        if crate::header(&stmt_text).expect.as_deref() != Some("verified") {
            continue;
        }
        let spec_text = std::fs::read_to_string(p.with_extension("spec")).unwrap();
        let spec = crate::spec::parse(&spec_text).unwrap();
        let stmt = crate::stmt::parse(&stmt_text).unwrap();
        // Float constants as the checker reads them (an exact rewrite of the literals); then
        // every float value must agree exactly (gap 0).
        let floats = crate::floats::resolve(
            &spec,
            &stmt,
            crate::header(&stmt_text).exact_floats,
            &|_| String::new(),
        )
        .unwrap();
        let (spec, stmt) = (floats.spec, floats.stmt);
        let t = std::time::Instant::now();
        let found = crate::check::search(
            &spec,
            &stmt,
            &[1, 2, 3, 8, 9, 17],
            0.0,
            &mut crate::check::Steps::new("a test search", crate::run::Allowance::UNLIMITED),
        );
        println!("{}: {:.2} s", p.display(), t.elapsed().as_secs_f64());
        assert!(
            matches!(found, Ok(None)),
            "{}: {:?}",
            p.display(),
            found.map(|c| c.map(|c| c.witness))
        );
        n += 1;
    }
    assert!(n >= 5);
}

/// Without the quick concrete search, the symbolic obligations alone still never verify a
/// broken statement (each one is refuted from a model or the later search, or unknown).
#[test]
fn obligations_alone_never_verify_broken_statements() {
    let mut n = 0;
    for e in std::fs::read_dir(corpus()).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if p.extension().is_none_or(|x| x != "stmt") || !name.starts_with("broken") {
            continue;
        }
        let stmt_text = std::fs::read_to_string(&p).unwrap();
        let spec_name = stmt_text
            .lines()
            .find_map(|l| l.strip_prefix("# spec: "))
            .unwrap()
            .trim()
            .to_string();
        let spec_text = std::fs::read_to_string(corpus().join(spec_name)).unwrap();
        let spec = crate::spec::parse(&spec_text).unwrap();
        let stmt = crate::stmt::parse(&stmt_text).unwrap();
        let exact = crate::header(&stmt_text).exact_floats;
        let c = crate::check::check_with(&spec, &stmt, exact, &budget(5), false, &|s| {
            format!("{s:?}")
        });
        assert_ne!(c.verdict.name(), "verified", "{name}");
        println!("{name}: {} {:?}", c.verdict.name(), c.witness.map(|w| w.0));
        n += 1;
    }
    assert!(n >= 12, "{n}");
}

/// `fork {a} {b}` runs in sequence only with a semaphore hand-off that `a` releases once, last.
#[test]
fn fork_is_sequential_only_with_a_single_final_release() {
    let seq = |text: &str| match &crate::stmt::parse(text).unwrap()[0].kind {
        crate::stmt::StmtKind::Fork { sequential, .. } => *sequential,
        _ => panic!("not a fork"),
    };
    let ok = "fork {\n produce a {\n  a(0) = 1\n  halide_semaphore_release(s, 1)\n }\n} {\n acquire (s, 1) {\n  b(0) = a(0)\n }\n}\n";
    assert!(seq(ok));
    let no_acquire = "fork {\n produce a {\n  a(0) = 1\n  halide_semaphore_release(s, 1)\n }\n} {\n b(0) = a(0)\n}\n";
    assert!(!seq(no_acquire));
    let early = "fork {\n produce a {\n  halide_semaphore_release(s, 1)\n  a(0) = 1\n  halide_semaphore_release(s, 1)\n }\n} {\n acquire (s, 1) {\n  b(0) = a(0)\n }\n}\n";
    assert!(!seq(early));
    let other = "fork {\n produce a {\n  a(0) = 1\n  halide_semaphore_release(t, 1)\n }\n} {\n acquire (s, 1) {\n  b(0) = a(0)\n }\n}\n";
    assert!(!seq(other));
}

/// A read at an index computed from data (a gather) is read soundly: verified when the
/// assertions ask the table to cover every value of the index's type, refuted out-of-bounds
/// (replayed at the type's largest value) when they ask one entry less. A store at such an
/// index (a scatter) is unknown, naming its position.
#[test]
fn data_dependent_reads_are_gathers_and_scatters_unknown() {
    let spec = "input input : uint8 dims 1\ninput table : uint8 dims 1\n\
                func g(x) : uint8 = (uint8)table(int32((uint8)input(x)))\noutput g : uint8 dims 1\n";
    let stmt = |need: i128| {
        format!(
            "assert((table.min.0 <= 0) && ({need} <= (table.min.0 + table.extent.0)), 0)\n\
             assert((input.min.0 <= g.min.0) && ((g.min.0 + g.extent.0) <= (input.min.0 + input.extent.0)), 0)\n\
             produce g {{\n for (g.s0.x, g.min.0, g.extent.0) {{\n  \
             g(g.s0.x) = table(int32(input(g.s0.x)))\n }}\n}}\n"
        )
    };
    let opts = crate::Options::default();
    let r = crate::check("g.spec", spec, "g.stmt", &stmt(256), &opts).unwrap();
    assert!(
        matches!(r.verdict, report::Verdict::Verified { .. }),
        "{:?}",
        r.verdict
    );
    let r = crate::check("g.spec", spec, "g.stmt", &stmt(255), &opts).unwrap();
    assert!(
        matches!(r.verdict, report::Verdict::Refuted { .. }),
        "{:?}",
        r.verdict
    );
    assert_eq!(
        r.witness_kind,
        Some(crate::WitnessKind::OutOfBounds),
        "{:?}",
        r.witness
    );
    let scatter = "input input : uint8 dims 1\nfunc g(x) : uint8 = (uint8)input(x)\noutput g : uint8 dims 1\n";
    let stmt = "produce g {\n for (g.s0.x, g.min.0, g.extent.0) {\n  \
                g(int32(input(g.s0.x))) = input(g.s0.x)\n }\n}\n";
    // Here the replay finds a store outside the output (an input of 8 at an output of one
    // point); the scatter is never verified, and unknown only with its position.
    let r = crate::check("g.spec", scatter, "g.stmt", stmt, &opts).unwrap();
    match &r.verdict {
        report::Verdict::Unknown { reason } => {
            assert!(reason.contains("computed from data"), "{reason}");
            assert!(reason.contains("g.stmt:3:"), "{reason}");
        }
        report::Verdict::Refuted { .. } => {
            assert_eq!(r.witness_kind, Some(crate::WitnessKind::OutOfBounds))
        }
        v => panic!("{v:?}"),
    }
    // Inside the output (a clamp): no replay refutes it; unknown, naming the store.
    let stmt = "produce g {\n for (g.s0.x, g.min.0, g.extent.0) {\n  \
                g(max(min(int32(input(g.s0.x)), g.s0.x), g.s0.x)) = input(g.s0.x)\n }\n}\n";
    let r = crate::check("g.spec", scatter, "g.stmt", stmt, &opts).unwrap();
    match &r.verdict {
        report::Verdict::Unknown { reason } => {
            assert!(reason.contains("computed from data"), "{reason}");
            assert!(reason.contains("g.stmt:3:"), "{reason}");
        }
        v => panic!("{v:?}"),
    }
}

/// A histogram (bilateral_grid's scatter): an update whose bin is computed from the data at
/// its slice's variables and RDom is a recurrence over the slice, each step a
/// read-modify-write of its bin, asked for every value of the data: verified, and refuted
/// `wrong-value` (replayed) with its RDom loop one point short.
#[test]
fn histogram_scatter_is_a_recurrence_over_its_slice() {
    let spec = "input input : uint8 dims 1\n\
rdom r$x in [0, 8)\n\
func hist(x, b) : int32 = 0\n\
update hist(x, int32((uint8)input((x*8) + r$x))/64) = ((int32)hist(x, int32((uint8)input((x*8) + r$x))/64) + 1)\n\
func out(x, b) : int32 = (int32)hist(x, b)\n\
output out : int32 dims 2\n\
";
    let stmt = "assert((input.min.0 <= (out.min.0*8)) && (((out.min.0 + out.extent.0)*8) <= (input.min.0 + input.extent.0)), 0)\n\
assert((0 <= out.min.1) && ((out.min.1 + out.extent.1) <= 4), 0)\n\
realize hist([out.min.0, out.extent.0], [0, 4]) {\n\
 produce hist {\n\
  for (hist.s0.b, 0, 4) {\n\
   for (hist.s0.x, out.min.0, out.extent.0) {\n\
    hist(hist.s0.x, hist.s0.b) = 0\n\
   }\n\
  }\n\
  for (hist.s1.x, out.min.0, out.extent.0) {\n\
   for (hist.s1.r$x, 0, 8) {\n\
    hist(hist.s1.x, int32(input((hist.s1.x*8) + hist.s1.r$x))/64) = hist(hist.s1.x, int32(input((hist.s1.x*8) + hist.s1.r$x))/64) + 1\n\
   }\n\
  }\n\
 }\n\
 consume hist {\n\
  produce out {\n\
   for (out.s0.b, out.min.1, out.extent.1) {\n\
    for (out.s0.x, out.min.0, out.extent.0) {\n\
     out(out.s0.x, out.s0.b) = hist(out.s0.x, out.s0.b)\n\
    }\n\
   }\n\
  }\n\
 }\n\
}\n\
";
    let opts = crate::Options::default();
    let r = crate::check("h.spec", spec, "h.stmt", stmt, &opts).unwrap();
    assert!(
        matches!(r.verdict, report::Verdict::Verified { .. }),
        "{:?}",
        r.verdict
    );
    let short = stmt.replace("(hist.s1.r$x, 0, 8)", "(hist.s1.r$x, 0, 7)");
    let r = crate::check("h.spec", spec, "h.stmt", &short, &opts).unwrap();
    assert!(
        matches!(r.verdict, report::Verdict::Refuted { .. }),
        "{:?}",
        r.verdict
    );
    assert_eq!(r.witness_kind, Some(crate::WitnessKind::WrongValue));
}

/// An inline reduction computed in its consumer's innermost loop has no loop of its pure
/// stage: a loopless store is the pure definition, and an update that never runs is caught.
#[test]
fn loopless_store_of_an_inline_reduction_is_its_pure_stage() {
    let spec = "input input : int32 dims 1\nrdom r$x in [0, 3)\nfunc s(x) : int32 = 0\n\
                update s(x) = ((int32)s(x) + (int32)input(x + r$x))\n\
                func g(x) : int32 = (int32)s(x)\noutput g : int32 dims 1\n";
    let stmt = "assert((input.min.0 <= g.min.0) && ((g.min.0 + g.extent.0) + 2 <= (input.min.0 + input.extent.0)), 0)\n\
                produce g {\n for (g.s0.x, g.min.0, g.extent.0) {\n  realize s([g.s0.x, 1]) {\n   \
                produce s {\n    s(g.s0.x) = 0\n    for (s.s1.r$x, 0, 3) {\n     \
                s(g.s0.x) = s(g.s0.x) + input(g.s0.x + s.s1.r$x)\n    }\n   }\n   \
                consume s {\n    g(g.s0.x) = s(g.s0.x)\n   }\n  }\n }\n}\n";
    let r = crate::check("s.spec", spec, "s.stmt", stmt, &crate::Options::default()).unwrap();
    assert_eq!(r.verdict.name(), "verified", "{:?}", r.verdict);
    // Without the update's loop, the same store is not taken for the update.
    let broken = stmt.replace("    for (s.s1.r$x, 0, 3) {\n     s(g.s0.x) = s(g.s0.x) + input(g.s0.x + s.s1.r$x)\n    }\n", "");
    let r = crate::check(
        "s.spec",
        spec,
        "s.stmt",
        &broken,
        &crate::Options::default(),
    )
    .unwrap();
    assert_ne!(r.verdict.name(), "verified", "{:?}", r.verdict);
}

/// Splitting fused loops back (`defuse`) is exact: the concrete interpreter gives the same
/// outcome on the fused and the split program, for empty, small and odd sizes alike.
#[test]
fn defuse_preserves_the_concrete_outcome() {
    let mut n = 0;
    for name in ["twostage-fuse.stmt", "broken-fused-loop-short.stmt"] {
        let stmt_text = std::fs::read_to_string(corpus().join(name)).unwrap();
        let spec_text = std::fs::read_to_string(corpus().join("twostage-fuse.spec")).unwrap();
        let spec = crate::spec::parse(&spec_text).unwrap();
        let stmt = crate::stmt::parse(&stmt_text).unwrap();
        let split = crate::defuse::defuse(&stmt);
        let show = |o: crate::run::Outcome| match o {
            crate::run::Outcome::Agrees => "agrees".to_string(),
            crate::run::Outcome::AssertFailed => "assert".to_string(),
            crate::run::Outcome::Fault(f) => format!("{:?} {}", f.kind, f.what),
            crate::run::Outcome::Unsupported(w, _) => format!("unsupported {w}"),
            crate::run::Outcome::OutOfSteps => "out of steps".to_string(),
        };
        for e0 in [0i128, 1, 2, 3, 5, 8] {
            for e1 in [0i128, 1, 3, 4] {
                for m in [0i128, -2] {
                    let mut given = std::collections::BTreeMap::new();
                    given.insert("b.extent.0".to_string(), e0);
                    given.insert("b.extent.1".to_string(), e1);
                    given.insert("b.min.0".to_string(), m);
                    given.insert("b.min.1".to_string(), -m);
                    let s = crate::check::setting(&spec, &given, 2, 7).unwrap();
                    let a = show(crate::run::replay(&spec, &stmt, &s, &mut {
                        crate::run::Allowance::UNLIMITED
                    }));
                    let b = show(crate::run::replay(&spec, &split, &s, &mut {
                        crate::run::Allowance::UNLIMITED
                    }));
                    assert_eq!(a, b, "{name} at {e0}x{e1}, min {m}");
                    n += 1;
                }
            }
        }
    }
    assert!(n > 0);
}

/// A recurrence's meaning (the concrete algorithm): the RDom runs in order over each slice,
/// each step seeing the earlier steps' cells; forward and backward scans by hand.
#[test]
fn recurrences_run_in_rdom_order() {
    let spec = crate::spec::parse(
        "input in : int32 dims 2\n\
         rdom r$x in [1, 6)\n\
         func p(x, y) : int32 = in(x, y)\n\
         update p(r$x, y) = ((p(r$x - 1, y)*2) + in(r$x, y))\n\
         func q(x, y) : int32 = in(x, y)\n\
         update q((5 - r$x), y) = ((q(6 - r$x, y)*3) - in(5 - r$x, y))\n\
         func o(x, y) : int32 = (p(x, y) + (q(x, y)*1000))\n\
         output o : int32 dims 2\n",
    )
    .unwrap();
    let data: Vec<i128> = (0..16).map(|i| (i * 7 % 11) - 5).collect();
    let mut fields = std::collections::BTreeMap::new();
    for (k, (m, e)) in [(0, 8), (0, 2)].into_iter().enumerate() {
        fields.insert(format!("in.min.{k}"), m);
        fields.insert(format!("in.extent.{k}"), e);
    }
    fields.insert("in.stride.0".into(), 1);
    fields.insert("in.stride.1".into(), 8);
    let setting = crate::run::Setting {
        fields,
        inputs: [("in".to_string(), data.clone())].into_iter().collect(),
        float_denominator: 1,
    };
    let input = |x: usize, y: usize| data[y * 8 + x];
    for y in 0..2 {
        let mut p: Vec<i128> = (0..8).map(|x| input(x, y)).collect();
        for r in 1..6 {
            p[r] = p[r - 1] * 2 + input(r, y);
        }
        let mut q: Vec<i128> = (0..8).map(|x| input(x, y)).collect();
        for r in 1..6 {
            q[5 - r] = q[6 - r] * 3 - input(5 - r, y);
        }
        let mut alg = crate::algo::Concrete::new(&spec, &setting);
        let mut d = Concrete::new(std::collections::BTreeMap::new());
        for x in 0..8 {
            let got = alg
                .value(&mut d, "o", &[x as i128, y as i128])
                .ok()
                .unwrap();
            match got {
                Val::Int(v, _) => assert_eq!(v, p[x] + q[x] * 1000, "at ({x}, {y})"),
                _ => panic!("not an integer"),
            }
        }
    }
}

/// An index `e % F` is storage folding only in a dimension that the realize bounds by the
/// literal `F` and where every provide stores at `% F`: an algorithm's own `c % 2` (here in
/// a realize of extent 2 whose provides store at `c`) is the algorithm's, while Halide's
/// folds (twostage-fold: `a` folded by 4 in y) stay folds.
#[test]
fn an_algorithms_modulo_is_not_storage_folding() {
    let spec = "input input : int32 dims 2\nfunc f(x, c) : int32 = (int32)input(x, c)\n\
                func g(x, c) : int32 = (int32)f(x, c % 2)\noutput g : int32 dims 2\n";
    let stmt = "assert((((input.min.0 <= g.min.0) && ((g.min.0 + g.extent.0) <= (input.min.0 + input.extent.0))) && (input.min.1 <= 0)) && (2 <= (input.min.1 + input.extent.1)), 0)\n\
                realize f([g.min.0, g.extent.0], [0, 2]) {\n produce f {\n  for (f.s0.c, 0, 2) {\n   \
                for (f.s0.x, g.min.0, g.extent.0) {\n    f(f.s0.x, f.s0.c) = input(f.s0.x, f.s0.c)\n   }\n  }\n }\n \
                consume f {\n  produce g {\n   for (g.s0.c, g.min.1, g.extent.1) {\n    \
                for (g.s0.x, g.min.0, g.extent.0) {\n     g(g.s0.x, g.s0.c) = f(g.s0.x, g.s0.c % 2)\n    }\n   }\n  }\n }\n}\n";
    let r = crate::check("g.spec", spec, "g.stmt", stmt, &crate::Options::default()).unwrap();
    assert_eq!(r.verdict.name(), "verified", "{:?}", r.verdict);
    // `store_in(MemoryType::Stack)` prints `realize f(...) in Stack {`: the same program.
    let stack = stmt.replace("[0, 2]) {", "[0, 2]) in Stack {");
    assert!(stack.contains("in Stack"));
    let r = crate::check("g.spec", spec, "g.stmt", &stack, &crate::Options::default()).unwrap();
    assert_eq!(r.verdict.name(), "verified", "{:?}", r.verdict);

    fn realizes(body: &[crate::stmt::Stmt], out: &mut Vec<(String, Vec<Option<i128>>)>) {
        use crate::stmt::StmtKind;
        for s in body {
            match &s.kind {
                StmtKind::Realize {
                    func, bounds, body, ..
                } => {
                    out.push((func.clone(), crate::eval::fold_factors(func, bounds, body)));
                    realizes(body, out);
                }
                StmtKind::For { body, .. }
                | StmtKind::Produce(_, body)
                | StmtKind::Consume(_, body)
                | StmtKind::Block(_, body) => realizes(body, out),
                StmtKind::If(_, x, y) | StmtKind::Fork { a: x, b: y, .. } => {
                    realizes(x, out);
                    realizes(y, out);
                }
                _ => {}
            }
        }
    }
    let folds = |name: &str| {
        let text = std::fs::read_to_string(corpus().join(name)).unwrap();
        let mut out = Vec::new();
        realizes(&crate::stmt::parse(&text).unwrap(), &mut out);
        out
    };
    assert_eq!(
        folds("twostage-fold.stmt"),
        [("a".into(), vec![None, Some(4)])]
    );
    for (f, fs) in folds("wavelet-root.stmt") {
        assert!(fs.iter().all(Option::is_none), "{f}: {fs:?}");
    }
    let mut out = Vec::new();
    realizes(&crate::stmt::parse(stmt).unwrap(), &mut out);
    assert_eq!(out, [("f".into(), vec![None, None])]);
}

/// Needed regions (`live`): an update split with a RoundUp tail reads never-written cells whose
/// values are discarded (verified, the stores named); a region the statement states too small
/// is checked, never trusted (not verified); a store inside its region that reads a
/// never-written cell is refuted with a replayed `uninitialized` witness (its poison reaches
/// the output).
#[test]
fn discarded_reads_are_named_and_needed_reads_refuted() {
    let spec = "input input : int32 dims 1\nrdom r$x in [0, 2)\nfunc f(x) : int32 = 0\n\
                update f(x) = (f(x) + (int32)input(x + r$x))\n\
                func g(x) : int32 = (f(x) + 1)\noutput g : int32 dims 1\n";
    let stmt = |needed_max: &str, pure_extent: &str| {
        format!(
            "let f.s0.x.min = g.min.0\nlet f.s0.x.max = {needed_max}\n\
             assert(0 <= g.extent.0, 0)\n\
             assert((input.min.0 <= g.min.0) && ((((((g.extent.0 + 3)/4)*4) + g.min.0) + 1) <= (input.min.0 + input.extent.0)), 0)\n\
             realize f([g.min.0, ((g.extent.0 + 3)/4)*4]) {{\n produce f {{\n  \
             for (f.s0.x, g.min.0, {pure_extent}) {{\n   f(f.s0.x) = 0\n  }}\n  \
             for (f.s1.x.xo, 0, (g.extent.0 + 3)/4) {{\n   for (f.s1.x.xi, 0, 4) {{\n    \
             let f.s1.x = ((f.s1.x.xo*4) + g.min.0) + f.s1.x.xi\n    for (f.s1.r$x, 0, 2) {{\n     \
             f(f.s1.x) = f(f.s1.x) + input(f.s1.x + f.s1.r$x)\n    }}\n   }}\n  }}\n }}\n \
             consume f {{\n  produce g {{\n   for (g.s0.x, g.min.0, g.extent.0) {{\n    \
             g(g.s0.x) = f(g.s0.x) + 1\n   }}\n  }}\n }}\n}}\n"
        )
    };
    let run = |text: &str| {
        crate::check("f.spec", spec, "f.stmt", text, &crate::Options::default()).unwrap()
    };
    let ok = run(&stmt("(g.min.0 + g.extent.0) + -1", "g.extent.0"));
    assert_eq!(ok.verdict.name(), "verified", "{:?}", ok.verdict);
    assert!(
        ok.assumptions
            .iter()
            .any(|a| a.contains("stores of `f` outside its needed region") && a.contains("f.stmt:")),
        "{:?}",
        ok.assumptions
    );
    let too_small = run(&stmt("(g.min.0 + g.extent.0) + -2", "g.extent.0"));
    assert_eq!(
        too_small.verdict.name(),
        "unknown",
        "{:?}",
        too_small.verdict
    );
    let short = run(&stmt("(g.min.0 + g.extent.0) + -1", "g.extent.0 + -1"));
    assert_eq!(short.verdict.name(), "refuted", "{:?}", short.verdict);
    assert_eq!(short.witness_kind, Some(crate::WitnessKind::Uninitialized));
    assert!(
        short
            .witness
            .as_deref()
            .is_some_and(|w| w.contains("not yet written") && w.contains("reaches the output")),
        "{:?}",
        short.witness
    );
}

/// Allocated buffers (a dynamic fold's bookkeeping): parsed, run by the interpreter, not
/// tracked symbolically (an assertion reading one is not used; a load that reaches an index
/// is unsupported: unknown, never verified).
#[test]
fn allocated_buffers_are_run_concretely_and_opaque_symbolically() {
    assert!(crate::stmt::parse("allocate h[blah * 1] in Stack\n").is_err());
    let spec = "input input : int32 dims 1\nfunc g(x) : int32 = (int32)input(x)\noutput g : int32 dims 1\n";
    let stmt = |index: &str| {
        format!(
            "assert((input.min.0 <= g.min.0) && ((g.min.0 + g.extent.0) <= (input.min.0 + input.extent.0)), 0)\n\
             allocate h[int32 * 1] in Stack\nh[0] = g.min.0\n\
             produce g {{\n for (g.s0.x, g.min.0, g.extent.0) {{\n  \
             let t = max(h[0], g.s0.x)\n  assert(h[0] <= g.s0.x, 0)\n  h[0] = t\n  \
             g(g.s0.x) = input({index})\n }}\n}}\nfree h\n"
        )
    };
    let run = |text: &str| {
        crate::check("g.spec", spec, "g.stmt", text, &crate::Options::default()).unwrap()
    };
    let ok = run(&stmt("g.s0.x"));
    assert_eq!(ok.verdict.name(), "verified", "{:?}", ok.verdict);
    let opaque = run(&stmt("t"));
    assert_eq!(opaque.verdict.name(), "unknown", "{:?}", opaque.verdict);
}

/// Bit operations, shifts and `absd`: the concrete and the symbolic domain agree, with each
/// other and with the machine's two's complement (a constant mask and a general operand alike).
#[test]
fn bit_operations_agree_with_the_machine() {
    let types = [
        Type::UInt(8),
        Type::UInt(16),
        Type::Int(8),
        Type::Int(16),
        Type::Int(32),
    ];
    let cases: [(i128, i128); 6] = [
        (0xF3, 0x3C),
        (-7, 12),
        (255, 1),
        (-128, -1),
        (5, 0),
        (1000, 0x0F0),
    ];
    let wrap = |t: Type, x: i128| match t {
        Type::UInt(n) => x.rem_euclid(1 << n),
        Type::Int(n) => (x + (1 << (n - 1))).rem_euclid(1 << n) - (1 << (n - 1)),
        _ => x,
    };
    let int = |s: &Sym, v: &Val<Sym>| match v {
        Val::Int(y, _) => s.store.as_int(*y),
        _ => None,
    };
    for t in types {
        for (a, b) in cases {
            let (a, b) = (wrap(t, a), wrap(t, b));
            for (op, want) in [
                (value::Bits::And, a & b),
                (value::Bits::Or, a | b),
                (value::Bits::Xor, a ^ b),
            ] {
                for konst in [None, Some(b)] {
                    let mut c = Concrete::new(Default::default());
                    let (va, vb) = (value::int_lit(&mut c, t, a), value::int_lit(&mut c, t, b));
                    let got = value::bitwise(&mut c, op, va, vb, konst, Span::default()).ok();
                    let mut s = Sym::new(smt::Store::new());
                    let (sa, sb) = (value::int_lit(&mut s, t, a), value::int_lit(&mut s, t, b));
                    let sym = value::bitwise(&mut s, op, sa, sb, konst, Span::default()).unwrap();
                    let Some(Val::Int(got, _)) = got else {
                        panic!("{op:?} {t}")
                    };
                    assert_eq!(got, wrap(t, want), "{op:?} at {t} on {a}, {b} ({konst:?})");
                    assert_eq!(int(&s, &sym), Some(got), "{op:?} at {t} on {a}, {b}");
                }
            }
            for k in [1i128, 3, -2] {
                let mut c = Concrete::new(Default::default());
                let va = value::int_lit(&mut c, t, a);
                let Ok(Val::Int(got, _)) = value::shift(&mut c, va, k, Span::default()) else {
                    panic!("shift")
                };
                let want = if k > 0 { wrap(t, a << k) } else { a >> -k };
                assert_eq!(got, want, "shift {k} at {t} on {a}");
            }
            let mut c = Concrete::new(Default::default());
            let (va, vb) = (value::int_lit(&mut c, t, a), value::int_lit(&mut c, t, b));
            let Ok(Val::Int(got, u)) = value::absd(&mut c, va, vb, Span::default()) else {
                panic!("absd")
            };
            assert_eq!((got, u.is_float()), ((a - b).abs(), false), "absd at {t}");
        }
    }
}

/// The quick concrete search stops at its step budget (a count, not wall time) and the result
/// says so; the verdict is still the solver's.
#[test]
fn the_quick_search_stops_at_its_budget_and_says_so() {
    let dir = corpus();
    let spec =
        crate::spec::parse(&std::fs::read_to_string(dir.join("depthwise-tiled.spec")).unwrap())
            .unwrap();
    let stmt =
        crate::stmt::parse(&std::fs::read_to_string(dir.join("depthwise-tiled.stmt")).unwrap())
            .unwrap();
    let c = crate::check::check(&spec, &stmt, false, &budget(20), &|s| {
        format!("@{}", s.start)
    });
    assert!(
        matches!(c.verdict, report::Verdict::Verified { .. }),
        "{:?}",
        c.verdict
    );
    assert!(
        c.notes
            .iter()
            .any(|n| n.contains("the quick concrete search stopped at its budget")),
        "{:?}",
        c.notes
    );
}

/// An RDom predicate that reads data (a data-dependent domain) is `unknown`, named with its
/// line in the algorithm file, never verified.
#[test]
fn a_data_dependent_rdom_predicate_is_unknown_at_its_line() {
    let read = |n: &str| std::fs::read_to_string(corpus().join(n)).unwrap();
    let spec = read("rdomwhere-root.spec")
        .replace("where (((r$x % 2) == 0))", "where ((input(r$x, 0) > 0))");
    assert!(spec.contains("input(r$x, 0)"));
    let r = crate::check(
        "w.spec",
        &spec,
        "rdomwhere-root.stmt",
        &read("rdomwhere-root.stmt"),
        &crate::Options::default(),
    )
    .unwrap();
    match r.verdict {
        report::Verdict::Unknown { reason } => assert!(
            reason.contains("`r$x` at w.spec:3:1 reads `input`"),
            "{reason}"
        ),
        v => panic!("{v:?}"),
    }
}

/// Halide's `undef()`: the algorithm has no value where no update overwrites it, so an output
/// point whose value reads such a cell is no refutation of any statement (here the algorithm
/// defines `g` at 0 only); an update that does not read the stage before defines the point
/// (`undef-root`, replayed clean on small sizes by `verified_cases_replay_clean_on_small_sizes`).
#[test]
fn an_undefined_algorithm_value_is_never_a_refutation() {
    let spec = crate::spec::parse(
        "input input : int32 dims 1\nfunc f(x) : int32 = undef()\nupdate f(0) = 7\nfunc g(x) : int32 = f(x)\noutput g : int32 dims 1\n",
    )
    .unwrap();
    let stmt = crate::stmt::parse(
        "produce g {\n for (g.s0.x, g.min.0, g.extent.0) {\n  g(g.s0.x) = 7\n }\n}\n",
    )
    .unwrap();
    let c = crate::check::check_with(&spec, &stmt, false, &budget(5), true, &|s| format!("{s:?}"));
    match &c.verdict {
        report::Verdict::Unknown { reason } => {
            assert!(reason.contains("undef()"), "{reason}")
        }
        v => panic!("{v:?}"),
    }
}

/// The buffer fields a statement's assertions fix (a `set_bounds`, printed as an assertion
/// against a `let` of the constant) are what the concrete searches take; fields asserted
/// against anything else are not fixed.
#[test]
fn fixed_fields_come_from_the_statements_assertions() {
    let spec = crate::spec::parse(
        "input input : float32 dims 3\nfunc out(x, y, c) : float32 = (float32)input(x, y, c)\noutput out : float32 dims 3\n",
    )
    .unwrap();
    let stmt = crate::stmt::parse(
        "let input.min.2.constrained = 0\nlet input.extent.2.constrained = 4\nassert(input.min.2 == input.min.2.constrained, halide_error_constraint_violated(\"input.min.2\", input.min.2, \"0\", input.min.2.constrained))\nif ((uint1)0) {\n 0\n} else {\n assert(input.extent.2 == input.extent.2.constrained, 0)\n assert(3 == out.extent.0, 0)\n assert(out.min.1 == input.min.1, 0)\n}\n",
    )
    .unwrap();
    let fixed = crate::check::fixed_fields(&spec, &stmt);
    let want: std::collections::BTreeMap<String, i128> = [
        ("input.extent.2".to_string(), 4),
        ("input.min.2".to_string(), 0),
        ("out.extent.0".to_string(), 3),
    ]
    .into_iter()
    .collect();
    assert_eq!(fixed, want);
}
