//! Program ids through a map: a store whose output index along a dimension is
//! `c + g*V(pid) + lane`, where `V` is no polynomial in the program ids (tutorial 03's grouped
//! ids: `pid_m = first_pid_m + (pid % num_pid_in_group) % group_size_m`, a `div`/`mod`/`min`
//! of the program id and the sizes).
//!
//! Such subterms (*program atoms*: maximal integer subterms of a store's offset whose head is
//! not `+`, `*`, `-` or a literal, whose symbols are program ids and sizes, at least one id)
//! are named by fresh symbols `a_k` with the facts `a_k = T_k`, everywhere in the run
//! (offsets, masks, values, the reduction atoms' definitions): an equivalence under those
//! facts, after which the offset is a polynomial again and splits into the output's
//! dimensions, so synthesis, values and bounds go on as for plain program ids.
//!
//! Coverage needs a witness program for every output index, which the map does not give
//! syntactically. It follows by counting instead (the map is proved a bijection, no inverse
//! needed), with `V = (V_d)` the program part of each dimension, `A_d = cdiv(S_d - c_d, g_d)`:
//! - range: every program's `V_d` lies in `[0, A_d)`;
//! - injectivity: two different programs have different `V`;
//! - count: the grid has at least `Π_d A_d` programs;
//!
//! so `V` maps the grid onto the box `Π_d [0, A_d)` (an injection of a finite set into one no
//! larger is onto). Every output index `i` is then written when its witness `v_d = (i_d - c_d)
//! div g_d` lies in the box and every program with `V = v` writes `i` at the lane `(i_d - c_d)
//! mod g_d`, two more obligations. Injectivity also lets exclusivity compare `V`s instead of
//! program ids.

use crate::synth::Poly;
use smt::{Node, Sort, Store, SymId, TermId};
use std::collections::{BTreeSet, HashMap};

/// The program atoms of a run: each fresh symbol with the term it names.
#[derive(Clone, Default)]
pub(crate) struct ProgramAtoms {
    pub atoms: Vec<(SymId, TermId)>,
    /// Other terms proved equal to an atom's term (by index).
    pub aliases: Vec<(TermId, usize)>,
}

impl ProgramAtoms {
    /// Finds the program atoms of `roots` (store offsets) and names them `{tag}`-suffixed.
    pub(crate) fn find(
        s: &mut Store,
        roots: &[TermId],
        pids: &[SymId],
        sizes: &[SymId],
        tag: &str,
    ) -> ProgramAtoms {
        let atoms = maximal(s, roots, pids, sizes)
            .into_iter()
            .enumerate()
            .map(|(k, t)| (s.fresh(&format!("pidmap{k}{tag}"), Sort::Int), t))
            .collect();
        ProgramAtoms {
            atoms,
            aliases: vec![],
        }
    }

    /// Other terms of the run (`roots`: loads, values, reduction definitions, which the
    /// executor may have simplified under their own facts) that are an atom's term written
    /// differently, proved equal under `base` (one small query each), become aliases of it.
    pub(crate) fn alias(
        &mut self,
        s: &mut Store,
        roots: &[TermId],
        pids: &[SymId],
        sizes: &[SymId],
        base: &[TermId],
        cfg: smt::SolverConfig,
    ) {
        for b in maximal(s, roots, pids, sizes) {
            if self.atoms.iter().any(|(_, t)| *t == b) {
                continue;
            }
            // Rebuilt through the store's constructors (as a substitution rebuilds a term),
            // most are the same term.
            let none = HashMap::new();
            let rb = s.replace(b, &none);
            if let Some(k) = (0..self.atoms.len()).find(|k| {
                let t = self.atoms[*k].1;
                s.replace(t, &none) == rb
            }) {
                self.aliases.push((b, k));
                continue;
            }
            for k in 0..self.atoms.len() {
                let mut asr = base.to_vec();
                asr.push(s.ne(b, self.atoms[k].1));
                let mut st = s.clone();
                let asr = smt::simplify_arith(&mut st, &asr);
                if matches!(
                    smt::decide_portfolio(&st, &asr, cfg).0,
                    smt::CheckResult::Unsat
                ) {
                    self.aliases.push((b, k));
                    break;
                }
            }
        }
    }
}

/// The maximal integer subterms of `roots` that are no polynomial and hold program ids and
/// sizes only, at least one id.
pub(crate) fn maximal(s: &Store, roots: &[TermId], pids: &[SymId], sizes: &[SymId]) -> Vec<TermId> {
    {
        let mut found: Vec<TermId> = Vec::new();
        let mut seen = BTreeSet::new();
        let mut stack: Vec<TermId> = roots.to_vec();
        while let Some(t) = stack.pop() {
            if !seen.insert(t) {
                continue;
            }
            match s.node(t) {
                Node::Int(_) | Node::Sym(_) => {}
                Node::Add(_) | Node::Mul(_) | Node::Neg(_) => stack.extend(s.children(t)),
                _ => {
                    let syms = s.symbols_of(t);
                    let only = syms.iter().all(|v| pids.contains(v) || sizes.contains(v));
                    if s.sort(t) == Sort::Int && only && syms.iter().any(|v| pids.contains(v)) {
                        if !found.contains(&t) {
                            found.push(t);
                        }
                    } else {
                        stack.extend(s.children(t));
                    }
                }
            }
        }
        found
    }
}

impl ProgramAtoms {
    /// The same atoms for another program instance: each term with the ids `from` replaced
    /// by `to`, under fresh symbols.
    pub(crate) fn for_program(
        &self,
        s: &mut Store,
        from: &[SymId],
        to: &[TermId],
        tag: &str,
    ) -> ProgramAtoms {
        let map: HashMap<SymId, TermId> = from.iter().copied().zip(to.iter().copied()).collect();
        let atoms = self
            .atoms
            .iter()
            .enumerate()
            .map(|(k, (_, t))| {
                let t2 = s.substitute(*t, &map);
                (s.fresh(&format!("pidmap{k}{tag}"), Sort::Int), t2)
            })
            .collect();
        let aliases = self
            .aliases
            .iter()
            .map(|(t, k)| (s.substitute(*t, &map), *k))
            .collect();
        ProgramAtoms { atoms, aliases }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.atoms.is_empty()
    }

    pub(crate) fn syms(&self) -> Vec<SymId> {
        self.atoms.iter().map(|(v, _)| *v).collect()
    }

    /// The atoms `a_k` proved `0 <= a_k` under `base` (which holds the atoms'
    /// definitions; one small query each): index arithmetic's non-negativity, which a
    /// wrap-around `% M` of the atom's index needs, made linear.
    pub(crate) fn nonneg(
        &self,
        s: &mut Store,
        base: &[TermId],
        cfg: smt::SolverConfig,
    ) -> Vec<usize> {
        let zero = s.int(0);
        let mut out = Vec::new();
        for (k, (v, _)) in self.atoms.iter().enumerate() {
            let x = s.sym(*v);
            let mut asr = base.to_vec();
            asr.push(s.lt(x, zero));
            let mut st = s.clone();
            let asr = smt::simplify_arith(&mut st, &asr);
            if matches!(
                smt::decide_portfolio(&st, &asr, cfg).0,
                smt::CheckResult::Unsat
            ) {
                out.push(k);
            }
        }
        out
    }

    /// `0 <= a_k` for the atoms `which` (by index; [`ProgramAtoms::nonneg`] proved them for
    /// every program, so they hold for this one's too).
    pub(crate) fn nonneg_facts(&self, s: &mut Store, which: &[usize]) -> Vec<TermId> {
        let zero = s.int(0);
        which
            .iter()
            .map(|k| {
                let x = s.sym(self.atoms[*k].0);
                s.le(zero, x)
            })
            .collect()
    }

    /// `a_k = T_k` for every atom.
    pub(crate) fn facts(&self, s: &mut Store) -> Vec<TermId> {
        self.atoms
            .iter()
            .map(|(v, t)| {
                let x = s.sym(*v);
                s.eq(x, *t)
            })
            .collect()
    }

    /// `t` with every atom's term replaced by its symbol.
    pub(crate) fn name_in(&self, s: &mut Store, t: TermId) -> TermId {
        if self.atoms.is_empty() {
            return t;
        }
        let mut map: HashMap<TermId, TermId> =
            self.atoms.iter().map(|(v, t)| (*t, s.sym(*v))).collect();
        for (b, k) in &self.aliases {
            let v = s.sym(self.atoms[*k].0);
            map.insert(*b, v);
        }
        s.replace(t, &map)
    }

    /// `t` with every atom's symbol replaced by its term.
    pub(crate) fn unname(&self, s: &mut Store, t: TermId) -> TermId {
        let map: HashMap<SymId, TermId> = self.atoms.iter().copied().collect();
        s.substitute(t, &map)
    }
}

/// One output dimension of a store's index: `c + g*V + lane`.
#[derive(Clone, Debug)]
pub(crate) struct Dim {
    pub c: i128,
    pub g: i128,
    /// The program part divided by `g`, over program ids and atom symbols (`None`: no program
    /// part).
    pub v: Option<Poly>,
    /// The lane (an index into the access's lanes) with coefficient 1.
    pub lane: Option<usize>,
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// Splits each dimension of a store's index into `c + g*V + lane`; `Err` names why not.
pub(crate) fn split_dims(
    oix: &[Poly],
    steppers: &[SymId],
    lanes: &[SymId],
) -> Result<Vec<Dim>, String> {
    let mut out = Vec::new();
    for o in oix {
        let (mut c, mut lane, mut part) = (0, None, Poly::new());
        for (m, coef) in o {
            match &m[..] {
                [] => c = *coef,
                [v] if lanes.contains(v) && *coef == 1 && lane.is_none() => {
                    lane = lanes.iter().position(|x| x == v)
                }
                [v] if steppers.contains(v) => {
                    part.insert(m.clone(), *coef);
                }
                _ => {
                    return Err(
                        "an output index is not of the form `c + g*V(pid) + lane`".to_string()
                    )
                }
            }
        }
        let g = part.values().fold(0, |a, b| gcd(a, *b));
        let v = (g != 0).then(|| part.iter().map(|(m, x)| (m.clone(), x / g)).collect());
        out.push(Dim {
            c,
            g: g.max(1),
            v,
            lane,
        });
    }
    Ok(out)
}

/// What the obligations of one store are stated over.
pub(crate) struct Coverage<'a> {
    /// The facts of the run: sizes, program ids in the grid, atom definitions.
    pub base: &'a [TermId],
    /// The run's program ids, and each grid axis's extent.
    pub pids: &'a [SymId],
    pub grid: &'a [TermId],
    pub atoms: &'a ProgramAtoms,
    /// The output's shape, the store's dimensions, lanes (symbols and extents), mask and
    /// offset (atoms named).
    pub shape: &'a [TermId],
    pub dims: &'a [Dim],
    pub lanes: &'a [SymId],
    pub extents: &'a [TermId],
    pub mask: Option<TermId>,
    pub off: TermId,
    pub what: String,
}

impl Coverage<'_> {
    /// The obligations (name, assertions whose satisfiability refutes it) that every element
    /// of the output is written, by the counting argument of the module docs.
    pub(crate) fn obligations(&self, s: &mut Store) -> Vec<(String, Vec<TermId>)> {
        let zero = s.int(0);
        let mut out = Vec::new();
        let boxed: Vec<(usize, TermId, TermId)> = self
            .dims
            .iter()
            .enumerate()
            .filter_map(|(d, dim)| {
                let v = dim.v.as_ref()?;
                let vt = crate::synth::term(s, v);
                // A_d = cdiv(S_d - c, g), as the launcher's `triton.cdiv` is evaluated.
                let top = s.int(dim.g - 1 - dim.c);
                let top = s.add2(self.shape[d], top);
                let g = s.int(dim.g);
                Some((d, vt, s.int_div(top, g)))
            })
            .collect();
        // Range: every program's `V_d` in `[0, A_d)`.
        for (d, vt, a) in &boxed {
            let lo = s.le(zero, *vt);
            let hi = s.lt(*vt, *a);
            let inb = s.and2(lo, hi);
            let mut asr = self.base.to_vec();
            asr.push(s.not(inb));
            out.push((
                format!(
                    "{}: every program's tile index along dimension {d} lies in [0, cdiv(size - {}, {}))",
                    self.what, self.dims[*d].c, self.dims[*d].g
                ),
                asr,
            ));
        }
        // Injectivity: different programs, different `V`.
        let full: Vec<TermId> = boxed
            .iter()
            .map(|(_, vt, _)| self.atoms.unname(s, *vt))
            .collect();
        let mut asr: Vec<TermId> = self.base.to_vec();
        let mut p2 = Vec::new();
        let mut diffs = Vec::new();
        for (k, (p, g)) in self.pids.iter().zip(self.grid).enumerate() {
            let v = s.fresh(&format!("pid{k}inj"), Sort::Int);
            let t = s.sym(v);
            asr.push(s.le(zero, t));
            asr.push(s.lt(t, *g));
            let pt = s.sym(*p);
            diffs.push(s.ne(pt, t));
            p2.push(t);
        }
        asr.push(s.or(diffs));
        let map: HashMap<SymId, TermId> = self.pids.iter().copied().zip(p2).collect();
        for f in &full {
            let f2 = s.substitute(*f, &map);
            asr.push(s.eq(*f, f2));
        }
        out.push((
            format!(
                "{}: two different programs write different tiles (the program map is one-to-one)",
                self.what
            ),
            asr,
        ));
        // Count: at least as many programs as tiles.
        let programs = s.mul(self.grid.to_vec());
        let tiles = s.mul(boxed.iter().map(|(_, _, a)| *a).collect());
        let mut asr = self.base.to_vec();
        asr.push(s.lt(programs, tiles));
        out.push((
            format!(
                "{}: the grid has as many programs as the output has tiles",
                self.what
            ),
            asr,
        ));
        // Every output index's witness tile lies in the box, and a program writing that tile
        // writes the index at the witness lane.
        let mut idx = Vec::new();
        let mut in_shape = Vec::new();
        for (d, n) in self.shape.iter().enumerate() {
            let v = s.fresh(&format!("idx{d}cov"), Sort::Int);
            let t = s.sym(v);
            in_shape.push(s.le(zero, t));
            in_shape.push(s.lt(t, *n));
            idx.push(t);
        }
        let mut lane_w: Vec<TermId> = vec![zero; self.lanes.len()];
        let mut in_box = Vec::new();
        let mut premise = Vec::new();
        for (d, dim) in self.dims.iter().enumerate() {
            let c = s.int(dim.c);
            let rel = s.sub(idx[d], c);
            match boxed.iter().find(|(x, _, _)| *x == d) {
                Some((_, vt, a)) => {
                    let g = s.int(dim.g);
                    let vw = s.int_div(rel, g);
                    in_box.push(s.le(zero, vw));
                    in_box.push(s.lt(vw, *a));
                    premise.push(s.eq(*vt, vw));
                    if let Some(l) = dim.lane {
                        lane_w[l] = s.int_mod(rel, g);
                    }
                }
                None => {
                    if let Some(l) = dim.lane {
                        lane_w[l] = rel;
                    }
                }
            }
        }
        let mut asr = self.base.to_vec();
        asr.extend(in_shape.iter().copied());
        let b = s.and(in_box);
        asr.push(s.not(b));
        out.push((
            format!(
                "{}: every element's tile is one some program writes",
                self.what
            ),
            asr,
        ));
        let map: HashMap<SymId, TermId> = self
            .lanes
            .iter()
            .copied()
            .zip(lane_w.iter().copied())
            .collect();
        let mut ok = Vec::new();
        for (l, n) in lane_w.iter().zip(self.extents) {
            ok.push(s.le(zero, *l));
            ok.push(s.lt(*l, *n));
        }
        if let Some(m) = self.mask {
            ok.push(s.substitute(m, &map));
        }
        let off = s.substitute(self.off, &map);
        let flat = match idx.len() {
            1 => idx[0],
            _ => {
                let r = s.mul2(idx[0], self.shape[1]);
                s.add2(r, idx[1])
            }
        };
        ok.push(s.eq(off, flat));
        let mut asr = self.base.to_vec();
        asr.extend(in_shape);
        asr.extend(premise);
        let all = s.and(ok);
        asr.push(s.not(all));
        out.push((
            format!(
                "{}: the program that writes an element's tile writes the element",
                self.what
            ),
            asr,
        ));
        out
    }
}
