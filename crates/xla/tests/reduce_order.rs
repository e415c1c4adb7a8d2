//! Float reductions read in any order (XLA's semantics) or in row-major order
//! (`--strict-reduce-order`): the corpus's layer norm, whose sums XLA:CPU splits into chunks,
//! is verified under the named assumption and refuted strictly; softmax keeps its orders and is
//! verified either way; edited layer norms that sum other elements or from another initial
//! value are refuted in both readings.

use report::Verdict;
use std::path::Path;
use xla::{check_pair, parse_module, Input, Options};

fn corpus(name: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpus/xla")
        .join(name);
    std::fs::read_to_string(p).expect("corpus file")
}

fn verdict(before: &str, after: &str, strict: bool) -> Verdict {
    let (b, a) = (parse_module(before).unwrap(), parse_module(after).unwrap());
    let opts = Options {
        strict_reduce_order: strict,
        ..Options::default()
    };
    check_pair(
        &Input {
            file: "before.hlo",
            text: before,
            module: &b,
        },
        &Input {
            file: "after.hlo",
            text: after,
            module: &a,
        },
        &opts,
    )
}

fn assumes_any_order(v: &Verdict) -> bool {
    matches!(v, Verdict::Verified { assumptions } if assumptions.iter().any(|a| a.starts_with("reduction order unspecified")))
}

#[test]
fn layer_norm_chunked_sums_verified_in_any_order_refuted_strictly() {
    let (b, a) = (
        corpus("layer_norm.before.hlo"),
        corpus("layer_norm.after.hlo"),
    );
    let v = verdict(&b, &a, false);
    assert!(assumes_any_order(&v), "{v:?}");
    let v = verdict(&b, &a, true);
    let Verdict::Refuted { counterexample } = &v else {
        panic!("strict: {v:?}")
    };
    assert!(counterexample.instance.contains("row-major"), "{v:?}");
}

#[test]
fn softmax_verified_in_both_readings() {
    let (b, a) = (corpus("softmax.before.hlo"), corpus("softmax.after.hlo"));
    assert!(assumes_any_order(&verdict(&b, &a, false)));
    let v = verdict(&b, &a, true);
    assert!(
        matches!(&v, Verdict::Verified { assumptions } if !assumes_any_order(&v) && assumptions.iter().any(|a| a.contains("row-major"))),
        "{v:?}"
    );
}

/// The after module with its first reduce-window edited by `edit`.
fn edited(edit: impl Fn(&str) -> String) -> String {
    let a = corpus("layer_norm.after.hlo");
    let line = a
        .lines()
        .find(|l| l.contains("%reduce-window = "))
        .expect("the first reduce-window");
    a.replace(line, &edit(line))
}

#[test]
fn wrong_variants_refuted_in_both_readings() {
    let b = corpus("layer_norm.before.hlo");
    // Another initial value.
    let other_init = edited(|l| {
        format!(
            "  %one = f32[] constant(1)\n{}",
            l.replace("%constant.6)", "%one)")
        )
    });
    // Other elements: the rows reversed.
    let other_rows = edited(|l| {
        format!(
            "  %rev = f32[32,256]{{1,0}} reverse(%x.1), dimensions={{0}}\n{}",
            l.replace("reduce-window(%x.1,", "reduce-window(%rev,")
        )
    });
    for (what, a) in [("init", &other_init), ("rows", &other_rows)] {
        assert_ne!(a, &corpus("layer_norm.after.hlo"));
        for strict in [false, true] {
            let v = verdict(&b, a, strict);
            assert_eq!(v.name(), "refuted", "{what}, strict {strict}: {v:?}");
        }
    }
}
