//! Rendering of counterexample tensors: small ones as nested arrays, large ones summarized
//! (element count, the common value, the elements that differ from it, a count of the rest).

use report::{render_counterexample, Counterexample, Mismatch, TensorValue};

fn cex(inputs: Vec<TensorValue>) -> String {
    cex_at(inputs, Mismatch::TargetUb { what: "x".into() })
}

fn cex_at(inputs: Vec<TensorValue>, mismatch: Mismatch) -> String {
    render_counterexample(&Counterexample {
        instance: "@f".into(),
        maps: vec![],
        scalars: vec![],
        inputs,
        mismatch,
    })
}

fn tensor(dims: &[i128], data: Vec<String>, free: Vec<usize>) -> TensorValue {
    TensorValue {
        name: "%a".into(),
        element_type: "f32".into(),
        axes: dims
            .iter()
            .enumerate()
            .map(|(k, n)| (format!("d{k}"), *n))
            .collect(),
        data,
        free,
    }
}

#[test]
fn small_tensors_are_nested_arrays() {
    let t = tensor(
        &[2, 2],
        ["1.0", "2.0", "3.0", "4.0"].map(String::from).to_vec(),
        vec![3],
    );
    let text = cex(vec![t]);
    assert!(
        text.contains("%a : f32 [d0: 2, d1: 2] = [[1.0, 2.0], [3.0, 4.0*]]"),
        "{text}"
    );
}

#[test]
fn large_tensors_are_summarized() {
    let n = 62_720;
    let mut data = vec!["0.0".to_string(); n];
    data[7] = "-3.4028235e38".into();
    for k in 100..130 {
        data[k] = "1.0".into();
    }
    let text = cex(vec![tensor(&[1, 56, 56, 20], data, vec![])]);
    assert!(text.len() < 1024, "{} bytes: {text}", text.len());
    assert!(
        text.contains(
            "62720 elements, all 0.0 except [0, 0, 0, 7] = -3.4028235e38, [0, 0, 5, 0] = 1.0"
        ),
        "{text}"
    );
    assert!(text.contains("(and 15 more)"), "{text}");
    let uniform = cex(vec![tensor(&[100], vec!["nan".into(); 100], vec![])]);
    assert!(uniform.contains("= 100 elements, all nan\n"), "{uniform}");
}

#[test]
fn the_difference_and_its_neighbours_come_first() {
    let mut data = vec!["0".to_string(); 128 * 490];
    data[127 * 490 + 7] = "5".into();
    data[127 * 490 + 8] = "-1".into();
    let at = Mismatch::Output {
        output: 0,
        index: vec![127, 7],
        src: "8".into(),
        tgt: "6".into(),
    };
    let text = cex_at(vec![tensor(&[128, 490], data, vec![])], at);
    assert!(
        text.contains("62720 elements (at the differing output index and beside it: [127, 6] = 0, [127, 7] = 5, [127, 8] = -1), all 0 except [127, 7] = 5, [127, 8] = -1\n"),
        "{text}"
    );
}
