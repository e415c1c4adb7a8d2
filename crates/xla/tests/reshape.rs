//! Reshapes that regroup dimensions mean row-major order: every element of the result is the
//! operand's element at the same row-major position (checked in the interpreter on every
//! element), and a reshape is told apart from a transpose of the same shapes.

use std::collections::BTreeMap;
use tensor::{Concrete, ConcreteTensor, Eval, Format, Scalar};
use xla::{check_pair, lower, parse_module, Input, Mode, Options};

fn module(from: &[i64], to: &[i64], op: &str) -> String {
    let dims = |d: &[i64]| {
        d.iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "HloModule m\n\nENTRY e {{\n  x = f32[{}] parameter(0)\n  ROOT y = f32[{}] {op}\n}}\n",
        dims(from),
        dims(to)
    )
}

fn row_major(from: &[i64], to: &[i64]) {
    let text = module(from, to, "reshape(x)");
    let m = parse_module(&text).unwrap();
    let mut d = Concrete::new(BTreeMap::new());
    let l = lower(&mut d, &m, Mode { ftz: true }).unwrap();
    let axes: Vec<(String, i128)> = from
        .iter()
        .enumerate()
        .map(|(k, n)| (format!("d{k}"), *n as i128))
        .collect();
    let count = ConcreteTensor::count(&axes).unwrap();
    let f = Format::F32;
    let data = (0..count)
        .map(|i| Scalar::Float(f, f.from_int(i as i128)))
        .collect();
    d.inputs.insert("p0".into(), ConcreteTensor { axes, data });
    let mut ev = Eval::new(&l.graph);
    let out_axes: Vec<(String, i128)> = to
        .iter()
        .enumerate()
        .map(|(k, n)| (format!("d{k}"), *n as i128))
        .collect();
    for off in 0..count {
        let point = ConcreteTensor::unravel(&out_axes, off);
        let idx: Vec<(String, i128)> = out_axes.iter().map(|a| a.0.clone()).zip(point).collect();
        let v = ev.access(&mut d, l.outputs[0].0, &idx);
        assert_eq!(
            v,
            Scalar::Float(f, f.from_int(off as i128)),
            "{from:?} -> {to:?} at {idx:?}"
        );
    }
}

#[test]
fn reshapes_keep_row_major_order() {
    row_major(&[2, 3], &[6]);
    row_major(&[6], &[2, 3]);
    row_major(&[2, 3], &[3, 2]);
    row_major(&[2, 3, 4], &[4, 6]);
    row_major(&[4, 6], &[2, 2, 3, 2]);
    row_major(&[1], &[]);
    row_major(&[], &[1, 1]);
}

#[test]
fn a_reshape_is_not_a_transpose() {
    let b = module(&[2, 3], &[3, 2], "reshape(x)");
    let a = module(&[2, 3], &[3, 2], "transpose(x), dimensions={1,0}");
    let (bm, am) = (parse_module(&b).unwrap(), parse_module(&a).unwrap());
    let v = check_pair(
        &Input {
            file: "b",
            text: &b,
            module: &bm,
        },
        &Input {
            file: "a",
            text: &a,
            module: &am,
        },
        &Options::default(),
    );
    assert_eq!(v.name(), "refuted", "{v:?}");
    let same = check_pair(
        &Input {
            file: "b",
            text: &b,
            module: &bm,
        },
        &Input {
            file: "b",
            text: &b,
            module: &bm,
        },
        &Options::default(),
    );
    assert_eq!(same.name(), "verified", "{same:?}");
}

/// A reduce-window whose windows tile the operand sums each window.
#[test]
fn tiling_reduce_window_sums_each_window() {
    let text = "HloModule m\n\nadd {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT s = f32[] add(a, b)\n}\n\nENTRY e {\n  x = f32[2,4] parameter(0)\n  z = f32[] constant(0)\n  ROOT y = f32[2,2] reduce-window(x, z), window={size=1x2 stride=1x2}, to_apply=add\n}\n";
    let m = parse_module(text).unwrap();
    let mut d = Concrete::new(BTreeMap::new());
    let l = lower(&mut d, &m, Mode { ftz: true }).unwrap();
    let f = Format::F32;
    let axes = vec![("d0".to_string(), 2), ("d1".to_string(), 4)];
    let data = (0..8)
        .map(|i| Scalar::Float(f, f.from_int(1 << i)))
        .collect();
    d.inputs.insert("p0".into(), ConcreteTensor { axes, data });
    let mut ev = Eval::new(&l.graph);
    for (i, j) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        let idx = vec![("d0".to_string(), i), ("d1".to_string(), j)];
        let v = ev.access(&mut d, l.outputs[0].0, &idx);
        let first = 4 * i + 2 * j;
        let want = (1 << first) + (1 << (first + 1));
        assert_eq!(v, Scalar::Float(f, f.from_int(want)), "at ({i}, {j})");
    }
}
