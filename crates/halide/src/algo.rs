//! The algorithm's meaning at a point: a Func's pure definition evaluated through `eval`
//! with its variables bound to the point. Concretely (this module) calls are evaluated
//! recursively and memoized; symbolically (`symex`) a realized Func's call is its prophecy.

use crate::eval::{eval, Env};
use crate::run::{input_value, Setting};
use crate::spec::Spec;
use crate::syntax::Type;
use crate::value::{unsupported, Stop, Val};
use report::Span;
use std::collections::BTreeMap;
use tensor::Concrete as CDom;

type CVal = Val<CDom>;

/// The concrete algorithm over a setting's inputs.
pub struct Concrete<'a> {
    spec: &'a Spec,
    setting: &'a Setting,
    memo: BTreeMap<(String, Vec<i128>), CVal>,
    scope: Vec<Vec<(String, CVal)>>,
}

impl<'a> Concrete<'a> {
    pub fn new(spec: &'a Spec, setting: &'a Setting) -> Self {
        Concrete { spec, setting, memo: BTreeMap::new(), scope: vec![] }
    }

    pub fn value(&mut self, d: &mut CDom, func: &str, point: &[i128]) -> Result<CVal, Stop> {
        let key = (func.to_string(), point.to_vec());
        if let Some(v) = self.memo.get(&key) {
            return Ok(v.clone());
        }
        let f = self.spec.func(func).expect("caller checked");
        if !f.updates.is_empty() {
            return unsupported(format!("the updates of `{func}` (not yet supported)"), f.updates[0].span);
        }
        if self.scope.len() > self.spec.funcs.len() + 1 {
            return unsupported(format!("a cycle of calls through `{func}`"), f.span);
        }
        let frame = f.vars.iter().zip(point).map(|(v, p)| (v.clone(), Val::Int(*p, Type::Int(32)))).collect();
        self.scope.push(frame);
        let r = eval(d, self, &f.value);
        self.scope.pop();
        let v = crate::value::cast(d, f.ty, r?, f.span)?;
        self.memo.insert(key, v.clone());
        Ok(v)
    }
}

impl Env<CDom> for Concrete<'_> {
    fn bind(&mut self, name: &str, v: CVal) {
        if let Some(f) = self.scope.last_mut() {
            f.push((name.to_string(), v));
        }
    }
    fn unbind(&mut self) {
        if let Some(f) = self.scope.last_mut() {
            f.pop();
        }
    }

    fn var(&mut self, _d: &mut CDom, name: &str, span: Span) -> Result<CVal, Stop> {
        if let Some((_, v)) = self.scope.last().and_then(|f| f.iter().rev().find(|(n, _)| n == name)) {
            return Ok(v.clone());
        }
        unsupported(format!("unbound variable `{name}` in the algorithm"), span)
    }

    fn call(&mut self, d: &mut CDom, name: &str, args: Vec<CVal>, span: Span) -> Result<CVal, Stop> {
        let idx: Vec<i128> = args
            .iter()
            .map(|a| match a {
                Val::Int(i, _) => Ok(*i),
                _ => unsupported("a non-integer index", span),
            })
            .collect::<Result<_, _>>()?;
        if let Some(inp) = self.spec.input(name) {
            let data = &self.setting.inputs[name];
            let mut off: i128 = 0;
            for k in (0..idx.len()).rev() {
                let m = self.setting.fields[&format!("{name}.min.{k}")];
                let e = self.setting.fields[&format!("{name}.extent.{k}")];
                let i = idx[k] - m;
                if i < 0 || i >= e {
                    return Err(Stop::Fault { kind: crate::value::WitnessKind::OutOfBounds, what: format!("the algorithm reads input `{name}` at {idx:?}, outside its buffer") });
                }
                off = off * e + i;
            }
            return Ok(input_value(inp.ty, data[off as usize]));
        }
        if self.spec.func(name).is_some() {
            return self.value(d, name, &idx);
        }
        unsupported(format!("a call of `{name}`, which the algorithm does not declare"), span)
    }
}
