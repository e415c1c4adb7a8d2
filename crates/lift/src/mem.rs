//! The state one program instance sees: its program ids, the buffers its pointers point
//! into, and the log of its memory accesses.
//!
//! Loads read a buffer's initial contents (`Domain::input` of the buffer's name at the flat
//! element offset): the checker refuses kernels whose loads may observe a store (in place,
//! each element is read before it is written; a buffer atomics update is never loaded).
//! Stores and atomics are only logged here; the checker states what they must satisfy
//! (symbolically) or performs them (concretely).

use crate::value::Block;
use tensor::Domain;

/// A buffer a pointer argument points to: the launcher's tensor.
#[derive(Clone, Debug)]
pub(crate) struct Buffer {
    /// The launcher's name for the tensor (also the name of its input function).
    pub name: String,
    /// Whether its elements are integers ([`crate::elemkind`]): loads read integers.
    pub int: bool,
    /// Its element type, when the claim's variant assigns one ([`crate::eltypes`]): what a
    /// query of a pointer's element type (`p.type.element_ty`) answers.
    pub dtype: Option<&'static str>,
}

/// A position in the kernel source, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pos {
    pub line: usize,
    pub col: usize,
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// Byte offset `at` of `src` to line and column (1-based).
pub(crate) fn pos(src: &str, at: usize) -> Pos {
    let (line, col) = report::line_col(src, at);
    Pos { line, col }
}

/// Where `node` starts in `src`.
pub(crate) fn pos_of(src: &str, node: &impl ruff_text_size::Ranged) -> Pos {
    pos(src, node.range().start().to_usize())
}

/// The read-modify-write of an atomic (`tl.atomic_add`, `tl.atomic_max`, `tl.atomic_min`):
/// the element becomes `old ⊕ value`. Over every program the result does not depend on their
/// order (the operation commutes, over the reals), which is what the checker rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rmw {
    Add,
    Max,
    Min,
}

impl Rmw {
    /// The Triton function's name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Rmw::Add => "tl.atomic_add",
            Rmw::Max => "tl.atomic_max",
            Rmw::Min => "tl.atomic_min",
        }
    }
}

/// One `tl.load`, `tl.store` or atomic of a block of pointers.
pub(crate) struct Access<D: Domain> {
    /// Whether it writes (a store or an atomic).
    pub store: bool,
    /// For an atomic, what it combines the element with its value by (`store` is then true).
    pub atomic: Option<Rmw>,
    pub buf: usize,
    /// The element offsets (`Ty::Int`), of the access's shape.
    pub offset: Block<D>,
    /// Which lanes take part (`Ty::Bool`); every lane when absent.
    pub mask: Option<Block<D>>,
    /// The stored values (`Ty::Real`), for stores; an atomic's operand.
    pub value: Option<Block<D>>,
    pub pos: Pos,
}

/// What one program instance runs with, and what it did.
pub(crate) struct Machine<D: Domain> {
    /// `tl.program_id(axis)` for axes 0, 1, 2.
    pub pid: Vec<D::I>,
    /// `tl.num_programs(axis)`.
    pub nprog: Vec<D::I>,
    pub buffers: Vec<Buffer>,
    pub accesses: Vec<Access<D>>,
    /// The path condition (a scalar `Ty::Bool` block) under a runtime `if` or after an early
    /// `return`: accesses happen only where it holds.
    pub guard: Option<Block<D>>,
    /// The uninterpreted real functions the program applied (`log`, `sqrt`, ...).
    pub math: Vec<&'static str>,
    /// The iteration unknown of each summarised loop, in the order the loops ran (one program
    /// run matches another's by position).
    pub loops: Vec<D::I>,
    /// The trip count of each loop of [`Machine::loops`], by position: its iteration unknown
    /// ranges over `0 <= t < trip` (an inner loop's count may read an outer one's unknown).
    pub trips: Vec<D::I>,
    /// Laws of the math functions a summary of the program rests on (`exp(a + b) = exp(a) *
    /// exp(b)` for a rescaled sum, `crate::exec::online`): the verdict names them.
    pub laws: Vec<&'static str>,
    /// Conditions a summary of the program rests on, each with its obligation's name (a
    /// loop over a runtime range whose step is a runtime value: the step is positive where
    /// the loop runs, `crate::exec::loops`). The checker proves each for every size.
    pub premises: Vec<(String, D::B)>,
    /// The loads and stores whose address depends on loaded data (gathers,
    /// [`crate::elemkind`]), and whether the claim takes their indices in range as a
    /// precondition (the kernel-level claim): without it they are unsupported.
    pub gathers: Vec<Pos>,
    pub gathers_in_bounds: bool,
    /// Assumptions the run made that the verdict names: a float converted to an integer fits
    /// in the integer type; an element type a type query reads, taken as a floating-point
    /// type where a real is converted to it (`crate::exec::dtypes`).
    pub assumed: Vec<String>,
    /// Blocks loaded from a buffer whose element type the claim's variant assigns, with that
    /// type: what a query of their `dtype` answers ([`crate::eltypes`]).
    pub typed: Vec<(crate::value::ElemFn<D>, &'static str)>,
}
