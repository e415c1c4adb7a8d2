//! A kernel bound to its launch: what each parameter receives, one program instance run in
//! any domain, and the names a formula sees. Shared by the concrete replay and the symbolic
//! checker.

use crate::exec::{Interp, Unsupported};
use crate::formula::Scope;
use crate::front::KernelDef;
use crate::host::{HostArg, HostModel};
use crate::mem::{Buffer, Machine};
use crate::value::{Block, Elem, KVal, LDomain, Ty};
use tensor::{Domain, ElemType};

/// A kernel bound to its launch.
pub(crate) struct Setup<'a> {
    pub src: &'a str,
    pub kernel: &'a KernelDef<'a>,
    pub host: HostModel,
    /// Launcher tensors passed as pointers: one buffer each, in parameter order.
    pub buffers: Vec<usize>,
    /// The module's `@triton.jit` functions (helpers the kernel may call).
    pub helpers: Vec<&'a ruff_python_ast::StmtFunctionDef>,
    /// Names the module binds to Triton paths and imported modules (`crate::imports`).
    pub names: crate::imports::Names,
    /// The kernel-level claim (`crate::kernel_level`): which elements are written is not
    /// claimed, and an access past a tensor is not the kernel's failure but the launch's.
    pub kernel_level: bool,
    /// Accesses in bounds and no two programs storing to one element are preconditions of
    /// the claim, not obligations (the kernel-level rows model).
    pub safety_assumed: bool,
    /// The formula checked is the first case's synthesized one (another autotune
    /// configuration or block size is checked against it), not the user's: a difference is
    /// the formula's dependence on the case, never a refutation.
    pub formula_of_first_case: bool,
    /// When the kernel's time is up (every case of it together): the bounded run stops,
    /// obligations not yet solved are unknown.
    pub deadline: smt::clock::Deadline,
    /// Which buffers hold integers, and the gathers ([`crate::elemkind`]).
    pub kinds: crate::elemkind::Kinds,
}

/// What a symbolic checker gives a launch beyond the sizes: the program counts of the three
/// axes, and integer arguments by parameter index (each a literal, or a symbol that the
/// checker's world states equal to the launcher's term).
pub(crate) struct Launch<D: tensor::Domain> {
    pub nprog: Vec<D::I>,
    pub ints: Vec<(usize, D::I)>,
}

impl Setup<'_> {
    fn bindings<D: LDomain>(
        &self,
        d: &mut D,
        sizes: &[D::I],
        named: &[(usize, D::I)],
    ) -> Vec<(String, KVal<D>)> {
        // The module's constants first: a parameter of the same name shadows one.
        let mut out: Vec<(String, KVal<D>)> = self
            .names
            .constants
            .iter()
            .filter_map(|(n, e)| Some((n.clone(), constant_value(self.src, e)?)))
            .collect();
        for (k, (p, (name, arg))) in self.kernel.params.iter().zip(&self.host.args).enumerate() {
            if let Some((_, v)) = named.iter().find(|(j, _)| *j == k) {
                out.push((
                    name.clone(),
                    KVal::Block(Block::splat(Ty::Int, Elem::I(v.clone()))),
                ));
                continue;
            }
            let v = match arg {
                HostArg::Tensor(t) => {
                    let b = self
                        .buffers
                        .iter()
                        .position(|x| x == t)
                        .expect("buffers cover tensor args");
                    let z = d.lit_i(0);
                    KVal::Block(Block::splat(Ty::Ptr(b), Elem::I(z)))
                }
                HostArg::Int(h) => match h.literal() {
                    Some(v) if p.constexpr => KVal::Int(v),
                    _ => KVal::Block(Block::splat(Ty::Int, Elem::I(h.eval(d, sizes)))),
                },
                HostArg::Real(n) => {
                    let v = d.input(n, ElemType::Real, &[]);
                    KVal::Block(Block::splat(Ty::Real, Elem::V(v)))
                }
                HostArg::Float(a, b) if p.constexpr => KVal::Float(*a, *b),
                HostArg::Float(a, b) => {
                    let v = d.lit_v(ElemType::Real, tensor::Literal::Rat(*a, *b));
                    KVal::Block(Block::splat(Ty::Real, Elem::V(v)))
                }
                HostArg::Bool(b) => KVal::Bool(*b),
                HostArg::Str(x) => KVal::Str(x.clone()),
                HostArg::Dtype(n) => match crate::exec::named_dtype(n) {
                    Some(t) => KVal::Dtype(t),
                    None => KVal::Str(n.clone()),
                },
                HostArg::Cond(a, op, b) => {
                    let (x, y) = (a.eval(d, sizes), b.eval(d, sizes));
                    let c = op.holds(d, &x, &y);
                    KVal::Block(Block::splat(Ty::Bool, Elem::B(c)))
                }
            };
            out.push((name.clone(), v));
        }
        out
    }

    /// The program count of each grid axis (`tl.num_programs`), 1 for axes beyond the grid.
    pub(crate) fn nprog<D: LDomain>(&self, d: &mut D, sizes: &[D::I]) -> Vec<D::I> {
        let mut nprog: Vec<D::I> = self.host.grid.iter().map(|g| g.eval(d, sizes)).collect();
        while nprog.len() < 3 {
            nprog.push(d.lit_i(1));
        }
        nprog
    }

    /// Runs one program instance.
    pub(crate) fn program<D: LDomain>(
        &self,
        d: &mut D,
        sizes: &[D::I],
        pid: Vec<D::I>,
    ) -> Result<Machine<D>, Unsupported> {
        let nprog = self.nprog(d, sizes);
        self.program_in(
            d,
            sizes,
            pid,
            &Launch {
                nprog,
                ints: vec![],
            },
        )
    }

    /// Runs one program instance with the program counts and the integer arguments of
    /// `launch` (the symbolic checker names the ones that are no polynomial of the sizes).
    pub(crate) fn program_in<D: LDomain>(
        &self,
        d: &mut D,
        sizes: &[D::I],
        pid: Vec<D::I>,
        launch: &Launch<D>,
    ) -> Result<Machine<D>, Unsupported> {
        let nprog = launch.nprog.clone();
        let buffers = self
            .buffers
            .iter()
            .map(|t| Buffer {
                name: self.host.tensors[*t].name.clone(),
                int: self.int_tensor(*t),
                dtype: self.tensor_dtype(*t),
            })
            .collect();
        let m = Machine {
            pid,
            nprog,
            buffers,
            accesses: vec![],
            guard: None,
            math: vec![],
            loops: vec![],
            trips: vec![],
            laws: vec![],
            premises: vec![],
            gathers: self.kinds.gathers.iter().map(|(p, _)| *p).collect(),
            gathers_in_bounds: self.safety_assumed,
            assumed: vec![],
            typed: vec![],
        };
        let params = self.bindings(d, sizes, &launch.ints);
        let mut it =
            Interp::new(self.src, m, params, self.helpers.clone()).with_names(self.names.clone());
        it.run(d, self.kernel)?;
        Ok(it.m)
    }

    /// Whether launcher tensor `t` holds integers: a pointer parameter it is passed as does
    /// ([`crate::elemkind`]).
    pub(crate) fn int_tensor(&self, t: usize) -> bool {
        self.kernel
            .params
            .iter()
            .zip(&self.host.args)
            .any(|(p, (_, a))| {
                matches!(a, HostArg::Tensor(x) if *x == t) && self.kinds.is_int(&p.name)
            })
    }

    /// The element type the claim's variant assigns launcher tensor `t` (through a pointer
    /// parameter it is passed as), if any.
    pub(crate) fn tensor_dtype(&self, t: usize) -> Option<&'static str> {
        self.kernel
            .params
            .iter()
            .zip(&self.host.args)
            .filter(|(_, (_, a))| matches!(a, HostArg::Tensor(x) if *x == t))
            .find_map(|(p, _)| self.kinds.dtype(&p.name))
    }

    /// The pointer parameters of the launch (those passed a launcher tensor).
    pub(crate) fn pointer_names(kernel: &KernelDef, host: &HostModel) -> Vec<String> {
        kernel
            .params
            .iter()
            .zip(&host.args)
            .filter(|(_, (_, a))| matches!(a, HostArg::Tensor(_)))
            .map(|(p, _)| p.name.clone())
            .collect()
    }

    pub(crate) fn numel<D: Domain>(&self, d: &mut D, sizes: &[D::I], buf: usize) -> D::I {
        self.host.tensors[self.buffers[buf]].numel().eval(d, sizes)
    }

    /// Under the kernel-level claim, the constexpr parameters the case gives an integer
    /// literal (a swept or configured block size), by name: a formula may name them
    /// (`sum(k < min(n_cols, BLOCK_SIZE), ...)`), so that one formula holds for every case.
    pub(crate) fn named_constexprs(&self) -> Vec<(String, i128)> {
        if !self.kernel_level {
            return vec![];
        }
        self.literal_constexprs()
    }

    /// The constexpr parameters the case gives an integer literal, by name (the launch's
    /// `BLOCK=64`, or a kernel-level case's block size).
    pub(crate) fn literal_constexprs(&self) -> Vec<(String, i128)> {
        self.host
            .args
            .iter()
            .filter(|(n, _)| {
                self.kernel
                    .params
                    .iter()
                    .any(|p| p.name == *n && p.constexpr)
            })
            .filter_map(|(n, a)| match a {
                HostArg::Int(crate::host::HExpr::Lit(v)) => Some((n.clone(), *v)),
                _ => None,
            })
            .collect()
    }

    pub(crate) fn scope<D: Domain>(
        &self,
        d: &mut D,
        sizes: &[D::I],
        index: Vec<(String, D::I)>,
    ) -> Scope<D> {
        // Constexprs the case gives a literal first (a kernel-level formula names them, and
        // holds of a launch at the launch's values): index variables and sizes shadow them.
        let mut ints: Vec<(String, D::I)> = self
            .literal_constexprs()
            .into_iter()
            .map(|(n, v)| (n, crate::host::HExpr::Lit(v).eval(d, sizes)))
            .collect();
        ints.extend(index);
        // The sizes right after the index variables (`replay::replay` replaces the index
        // values in place, counting back from the end).
        for (k, n) in self.host.sizes.iter().enumerate() {
            ints.push((n.clone(), sizes[k].clone()));
        }
        let reals = self
            .host
            .args
            .iter()
            .filter_map(|(_, a)| {
                if let HostArg::Real(n) = a {
                    Some(n.clone())
                } else {
                    None
                }
            })
            .collect();
        let tensors = self
            .host
            .tensors
            .iter()
            .map(|t| {
                (
                    t.name.clone(),
                    t.shape.iter().map(|s| s.eval(d, sizes)).collect(),
                    t.strides
                        .as_ref()
                        .map(|st| st.iter().map(|s| s.eval(d, sizes)).collect()),
                )
            })
            .collect();
        let int_tensors = (0..self.host.tensors.len())
            .filter(|t| self.int_tensor(*t))
            .map(|t| self.host.tensors[t].name.clone())
            .collect();
        Scope {
            ints,
            reals,
            tensors,
            int_tensors,
            memo: Default::default(),
        }
    }
}

/// The value of a module-level constant's literal (`crate::imports::module_constants`), as
/// the kernel reads it: a float literal by the float32 rule (`crate::consts`).
pub(crate) fn constant_value<D: LDomain>(src: &str, e: &ruff_python_ast::Expr) -> Option<KVal<D>> {
    use ruff_python_ast::{Expr, Number};
    Some(match e {
        Expr::BooleanLiteral(b) => KVal::Bool(b.value),
        Expr::StringLiteral(t) => KVal::Str(t.value.to_str().to_string()),
        Expr::NumberLiteral(n) => match &n.value {
            Number::Int(i) => KVal::Int(i.as_i64()? as i128),
            Number::Float(_) => {
                let text = src.get(n.range.start().to_usize()..n.range.end().to_usize())?;
                let (a, b) = crate::consts::float32_literal(text)?;
                KVal::Float(a, b)
            }
            Number::Complex { .. } => return None,
        },
        Expr::UnaryOp(u) if u.op == ruff_python_ast::UnaryOp::USub => {
            match constant_value::<D>(src, &u.operand)? {
                KVal::Int(v) => KVal::Int(-v),
                KVal::Float(a, b) => KVal::Float(-a, b),
                _ => return None,
            }
        }
        _ => return None,
    })
}
