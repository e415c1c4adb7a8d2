//! Kernels of the corpus bound to their launch, for the stages' unit tests.

use crate::setup::Setup;
use crate::{front, host, imports};
use std::time::Duration;

/// A 1-D `out = x + y` over `cdiv(n, BLOCK)` programs.
pub(super) const ADD_1D: &str = include_str!("../../../../corpus/lift/vector_add.py");
/// `x[i] = x[i] + alpha * y[i]`, read and written in place.
pub(super) const ADD_IN_PLACE: &str = include_str!("../../../../corpus/lift/add_inplace.py");
/// `x` doubled in place by a loop over its row's tiles.
pub(super) const IN_PLACE_LOOPED: &str = include_str!("../../../../corpus/lift/inplace_looped.py");
/// The same loop stepping by half a tile: an iteration loads what the one before stored.
pub(super) const IN_PLACE_OVERLAPPING: &str =
    include_str!("../../../../corpus/lift/inplace_overlapping_tiles.py");
/// A 2-D `out = x + y` on a 2-D grid of tiles.
pub(super) const ADD_2D: &str = include_str!("../../../../corpus/lift/add_2d_tiles.py");
/// A matrix product with grouped program ids (`pid // num_pid_in_group`).
pub(super) const MATMUL_GROUPED: &str = include_str!("../../../../corpus/lift/matmul_grouped.py");
/// Column sums by atomics inside a loop over a row's tiles: the offset reads the iteration.
pub(super) const ATOMIC_KEPT_LOOP: &str =
    include_str!("../../../../corpus/lift/atomic_col_sums_tiled_loop.py");
/// Row dot products by atomics inside a loop over chunks: the offset reads the program only.
pub(super) const ATOMIC_SUMMED_LOOP: &str =
    include_str!("../../../../corpus/lift/atomic_row_dot_chunks_loop.py");
/// A row sum, one program per row, a loop over the row's tiles.
pub(super) const ROW_SUM_LOOPED: &str = include_str!("../../../../corpus/lift/row_sum_looped.py");

/// Calls `f` with the first kernel of `src` bound to its first launch (the first autotune
/// configuration, the first block case).
pub(super) fn with_setup<R>(src: &str, f: impl FnOnce(&Setup) -> R) -> R {
    let parsed = ruff_python_parser::parse_module(src).expect("valid Python");
    let module = parsed.syntax();
    let kernels = front::kernels(src, module);
    let k = &kernels[0];
    let ptrs = front::pointer_params(k);
    let config = k.autotune.first().cloned().unwrap_or_default();
    let host = crate::host::launch(src, module, k, &ptrs, &config, 0)
        .expect("a launch")
        .expect("a launch that reads");
    let mut buffers = Vec::new();
    for (_, a) in &host.args {
        if let host::HostArg::Tensor(t) = a {
            if !buffers.contains(t) {
                buffers.push(*t);
            }
        }
    }
    let setup = Setup {
        src,
        kernel: k,
        host,
        buffers,
        helpers: kernels
            .iter()
            .filter(|h| h.callable_by_name())
            .map(|h| h.def)
            .collect(),
        names: imports::Names {
            aliases: imports::module_aliases(&module.body),
            modules: vec![],
            constants: imports::module_constants(&module.body),
        },
        kernel_level: false,
        safety_assumed: false,
        formula_of_first_case: false,
        deadline: crate::clock::deadline_or(Duration::from_secs(60)),
        kinds: Default::default(),
    };
    f(&setup)
}

/// The first program of `setup` run concretely, every size 5 (those the launcher computes
/// computed).
pub(super) fn concrete_run(setup: &Setup) -> crate::mem::Machine<tensor::Concrete> {
    let mut c = tensor::Concrete::new(Default::default());
    let mut sizes = vec![5; setup.host.sizes.len()];
    for (k, e) in &setup.host.derived {
        sizes[*k] = e.eval(&mut c, &sizes);
    }
    setup.program(&mut c, &sizes, vec![0, 0, 0]).expect("runs")
}

/// Calls `f` with the world, the stages' state and the world's facts after the formula of
/// the first kernel of `src` (synthesized), as the obligations see them.
pub(super) fn with_checked<R>(
    src: &str,
    f: impl FnOnce(&mut super::world::World, &super::Checked, &[smt::TermId]) -> R,
) -> R {
    use super::{footprint::Footprint, run, synthesis::Synthesis, Checked, Limits};
    with_setup(src, |setup| {
        let limits = Limits::new(Duration::from_secs(5));
        let mut w = run::world(setup);
        let program = run::run(setup, &mut w).expect("runs");
        let io = Footprint::of(setup, &program.machine.accesses);
        let mut accesses = run::evaluate(&mut w, &program.machine, "");
        let atoms = run::name_pid_atoms(&mut w, &program.pid_syms, &mut accesses, &limits);
        let synthesis = Synthesis::new(&mut w, setup, None, &program, &accesses, &atoms, &io);
        let cx = Checked {
            setup,
            limits: &limits,
            synthesized: true,
            program: &program,
            accesses: &accesses,
            atoms: &atoms,
            io: &io,
            synthesis: &synthesis,
        };
        let base = w.facts.clone();
        f(&mut w, &cx, &base)
    })
}
