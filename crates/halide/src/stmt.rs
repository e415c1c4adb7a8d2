//! The loop program: the statement Halide 21 prints after "bounding small realizations"
//! (`HL_DEBUG_CODEGEN=2`), parsed with spans. A `let` scopes over the rest of its block
//! (kept flat, so a long chain of lets costs no nesting).

use crate::syntax::{lex, Bail, Expr, PResult, Parser, Tok, MAX_DEPTH};
use report::{Diagnostic, Span};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopKind {
    Serial,
    Parallel,
    Vectorized,
    Unrolled,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    /// `let name = value`, in scope until the end of its block.
    Let(String, Expr),
    For {
        kind: LoopKind,
        var: String,
        min: Expr,
        extent: Expr,
        body: Vec<Stmt>,
    },
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    Assert(Expr),
    /// `realize f([min, extent], ...) if cond { body }`: the buffer exists only when `cond`
    /// holds (a specialization that does not use `f`); the body runs either way.
    Realize {
        func: String,
        bounds: Vec<(Expr, Expr)>,
        cond: Option<Expr>,
        body: Vec<Stmt>,
    },
    Produce(String, Vec<Stmt>),
    Consume(#[allow(dead_code)] String, Vec<Stmt>),
    Provide {
        func: String,
        args: Vec<Expr>,
        value: Expr,
    },
    /// An expression evaluated for its effect only (a runtime call, a bare `0`).
    Eval(#[allow(dead_code)] Expr),
    /// `fork { a } { b }` (async producers): run in sequence only when `b` begins by
    /// acquiring the semaphore `a` releases last (`sequential`), else unsupported.
    Fork {
        a: Vec<Stmt>,
        b: Vec<Stmt>,
        sequential: bool,
    },
    /// `allocate name[T * extent] in MemoryType`: a buffer for the rest of the block (Halide's
    /// bookkeeping of dynamically folded storage: the fold's head), and `name[index] = value`.
    Allocate {
        name: String,
        ty: crate::syntax::Type,
        extent: Expr,
    },
    Store {
        name: String,
        index: Expr,
        value: Expr,
    },
    /// `acquire (semaphore, n) { body }` (the semaphore's name), `hoisted_storage (f) { body }`
    /// (none): the body.
    Block(Option<String>, Vec<Stmt>),
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

/// Parses a statement file. Every problem is reported (recovery at the next line).
pub fn parse(text: &str) -> Result<Vec<Stmt>, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let toks = lex(text, &mut diags);
    let mut p = Parser::new(&toks);
    let body = block(&mut p, 0, true);
    diags.extend(p.diags);
    if diags.is_empty() {
        Ok(body)
    } else {
        diags.truncate(50);
        Err(diags)
    }
}

fn block(p: &mut Parser, depth: usize, top: bool) -> Vec<Stmt> {
    let mut out: Vec<Stmt> = Vec::new();
    // `let`s nest: collect statements, then fold lets from the back.
    loop {
        match p.peek() {
            Tok::Eof => {
                if !top {
                    let s = p.span();
                    let _: PResult<()> = p.error(s, "expected `}` before the end of the file");
                }
                break;
            }
            Tok::Punct("}") if !top => break,
            _ => {}
        }
        let before = p.pos;
        match stmt(p, depth) {
            Ok(s) => out.push(s),
            Err(Bail) => {
                if p.pos == before || !p.token().line_start {
                    p.skip_line();
                }
            }
        }
        if p.diags.len() > 50 {
            break;
        }
    }
    out
}

fn braced(p: &mut Parser, depth: usize) -> PResult<Vec<Stmt>> {
    if depth >= MAX_DEPTH {
        let s = p.span();
        return p.error(s, format!("statements nested deeper than {MAX_DEPTH}"));
    }
    p.expect("{")?;
    let body = block(p, depth + 1, false);
    p.expect("}")?;
    Ok(body)
}

fn stmt(p: &mut Parser, depth: usize) -> PResult<Stmt> {
    let start = p.span().start;
    let word = match p.peek() {
        Tok::Ident(w) => w.clone(),
        _ => String::new(),
    };
    let loop_kind = match word.as_str() {
        "for" | "serial" => Some(LoopKind::Serial),
        "parallel" => Some(LoopKind::Parallel),
        "vectorized" => Some(LoopKind::Vectorized),
        "unrolled" => Some(LoopKind::Unrolled),
        _ => None,
    };
    let kind = if let (Some(kind), Tok::Punct("(") | Tok::Punct("<")) = (loop_kind, p.peek_at(1)) {
        p.bump();
        for_loop(p, depth, kind)?
    } else {
        match word.as_str() {
            "let" if matches!(p.peek_at(1), Tok::Ident(_)) => {
                p.bump();
                let_(p)?
            }
            "if" if matches!(p.peek_at(1), Tok::Punct("(")) => {
                p.bump();
                if_(p, depth)?
            }
            "assert" if matches!(p.peek_at(1), Tok::Punct("(")) => {
                p.bump();
                assert_(p)?
            }
            "fork" if matches!(p.peek_at(1), Tok::Punct("{")) => {
                p.bump();
                fork(p, depth)?
            }
            "acquire" | "hoisted_storage"
                if matches!(p.peek_at(1), Tok::Punct("("))
                    || matches!(p.peek_at(1), Tok::Punct("{")) =>
            {
                p.bump();
                acquire_or_hoisted(p, depth, &word)?
            }
            "allocate" if matches!(p.peek_at(1), Tok::Ident(_)) => {
                p.bump();
                allocate(p)?
            }
            "free" if matches!(p.peek_at(1), Tok::Ident(_)) => {
                p.bump();
                free(p)?
            }
            "realize" if matches!(p.peek_at(1), Tok::Ident(_)) => {
                p.bump();
                realize(p, depth)?
            }
            "produce" | "consume"
                if matches!(p.peek_at(1), Tok::Ident(_))
                    && matches!(p.peek_at(2), Tok::Punct("{")) =>
            {
                p.bump();
                let (func, _) = p.ident("a Func name")?;
                let body = braced(p, depth)?;
                if word == "produce" {
                    StmtKind::Produce(func, body)
                } else {
                    StmtKind::Consume(func, body)
                }
            }
            _ => provide_store_or_eval(p)?,
        }
    };
    Ok(Stmt {
        kind,
        span: Span {
            start,
            end: p.prev_end(),
        },
    })
}

/// The rest of `for (var, min, extent) { body }` (or `for<API>`), after its loop kind.
fn for_loop(p: &mut Parser, depth: usize, kind: LoopKind) -> PResult<StmtKind> {
    if p.eat("<") {
        // `for<Default>`: the device API.
        let (_, _) = p.ident("a device API")?;
        p.expect(">")?;
    }
    p.expect("(")?;
    let (var, _) = p.ident("a loop variable")?;
    p.expect(",")?;
    let min = p.expr()?;
    p.expect(",")?;
    let extent = p.expr()?;
    p.expect(")")?;
    let body = braced(p, depth)?;
    Ok(StmtKind::For {
        kind,
        var,
        min,
        extent,
        body,
    })
}

/// The rest of `let name = value`.
fn let_(p: &mut Parser) -> PResult<StmtKind> {
    let (name, _) = p.ident("a name")?;
    p.expect("=")?;
    let value = p.expr()?;
    end_of_statement(p)?;
    Ok(StmtKind::Let(name, value))
}

/// The rest of `if (c) { then } else { els }` (`else if` nests).
fn if_(p: &mut Parser, depth: usize) -> PResult<StmtKind> {
    p.expect("(")?;
    let c = p.expr()?;
    p.expect(")")?;
    let then = braced(p, depth)?;
    let mut els = Vec::new();
    if p.is_ident("else") {
        p.bump();
        if p.is_ident("if") {
            els = vec![stmt(p, depth + 1)?];
        } else {
            els = braced(p, depth)?;
        }
    }
    Ok(StmtKind::If(c, then, els))
}

/// The rest of `assert(c, message)` (the message is not read).
fn assert_(p: &mut Parser) -> PResult<StmtKind> {
    p.expect("(")?;
    let c = p.expr()?;
    if p.eat(",") {
        let _ = p.expr()?;
    }
    p.expect(")")?;
    end_of_statement(p)?;
    Ok(StmtKind::Assert(c))
}

/// The rest of `fork { a } { b }`.
fn fork(p: &mut Parser, depth: usize) -> PResult<StmtKind> {
    let a = braced(p, depth)?;
    let b = if p.is_punct("{") {
        braced(p, depth)?
    } else {
        vec![]
    };
    let sequential = fork_is_sequential(&a, &b);
    Ok(StmtKind::Fork { a, b, sequential })
}

/// The rest of `acquire (semaphore, count) { body }` or `hoisted_storage (...) { body }`
/// (`word` says which): a block, with an acquire's semaphore.
fn acquire_or_hoisted(p: &mut Parser, depth: usize, word: &str) -> PResult<StmtKind> {
    let mut sem = None;
    if p.eat("(") {
        let mut first = true;
        while !p.is_punct(")") && !matches!(p.peek(), Tok::Eof) {
            let e = p.expr()?;
            if first && word == "acquire" {
                if let crate::syntax::ExprKind::Var(v) = &e.kind {
                    sem = Some(v.clone());
                }
            }
            first = false;
            if !p.eat(",") {
                break;
            }
        }
        p.expect(")")?;
    }
    let body = braced(p, depth)?;
    Ok(StmtKind::Block(sem, body))
}

/// The rest of `allocate name[type * extent] in Memory`.
fn allocate(p: &mut Parser) -> PResult<StmtKind> {
    let (name, _) = p.ident("a buffer name")?;
    p.expect("[")?;
    let (tname, tspan) = p.ident("a type")?;
    let Some(ty) = crate::syntax::Type::parse(&tname) else {
        return p.error(tspan, format!("expected a type, found `{tname}`"));
    };
    p.expect("*")?;
    let extent = p.expr()?;
    p.expect("]")?;
    if p.is_ident("in") {
        p.bump();
        let _ = p.ident("a memory type")?;
    }
    end_of_statement(p)?;
    Ok(StmtKind::Allocate { name, ty, extent })
}

/// The rest of `free name`: a statement with no effect here.
fn free(p: &mut Parser) -> PResult<StmtKind> {
    let (name, span) = p.ident("a buffer name")?;
    end_of_statement(p)?;
    let e = Expr {
        kind: crate::syntax::ExprKind::Opaque(format!("free {name}")),
        span,
    };
    Ok(StmtKind::Eval(e))
}

/// The rest of `realize f([min, extent], ...) in Memory if cond { body }`.
fn realize(p: &mut Parser, depth: usize) -> PResult<StmtKind> {
    let (func, _) = p.ident("a Func name")?;
    p.expect("(")?;
    let mut bounds = Vec::new();
    if !p.eat(")") {
        loop {
            p.expect("[")?;
            let m = p.expr()?;
            p.expect(",")?;
            let e = p.expr()?;
            p.expect("]")?;
            bounds.push((m, e));
            if p.eat(")") {
                break;
            }
            p.expect(",")?;
        }
    }
    // `in Stack` (a `store_in(MemoryType)`; Halide's printer writes it before the
    // condition): where the buffer lives changes nothing here.
    if p.is_ident("in") && matches!(p.peek_at(1), Tok::Ident(_)) {
        p.bump();
        p.bump();
    }
    let mut cond = None;
    if p.is_ident("if") {
        p.bump();
        cond = Some(p.expr()?);
    }
    let body = braced(p, depth)?;
    Ok(StmtKind::Realize {
        func,
        bounds,
        cond,
        body,
    })
}

/// A statement that starts with an expression: a store `name[index] = value`, a provide
/// `f(args) = value`, or the expression evaluated.
fn provide_store_or_eval(p: &mut Parser) -> PResult<StmtKind> {
    let e = p.expr()?;
    if p.is_punct("=") && !p.token().line_start {
        let eq = p.bump().span;
        if let crate::syntax::ExprKind::Load(name, index) = e.kind {
            let value = p.expr()?;
            end_of_statement(p)?;
            return Ok(StmtKind::Store {
                name,
                index: *index,
                value,
            });
        }
        let crate::syntax::ExprKind::Call(func, args) = e.kind else {
            return p.error(eq, "the left side of a provide must be a call `f(args)`");
        };
        if p.is_punct("{") {
            let s = p.span();
            return p.error(s, "Tuple-valued provides are not supported");
        }
        let value = p.expr()?;
        end_of_statement(p)?;
        return Ok(StmtKind::Provide { func, args, value });
    }
    end_of_statement(p)?;
    Ok(StmtKind::Eval(e))
}

/// A simple statement ends its line (or its block).
fn end_of_statement(p: &mut Parser) -> PResult<()> {
    if !p.token().line_start && !matches!(p.peek(), Tok::Punct("}") | Tok::Eof) {
        let s = p.span();
        let found = crate::syntax::describe(p.peek());
        return p.error(
            s,
            format!("expected the end of the statement, found {found}"),
        );
    }
    Ok(())
}

/// `fork { a } { b }` runs as `a; b` when `b` starts with `acquire (S, ..)` and the last
/// statement `a` executes (inside its `produce`) is `halide_semaphore_release(S, ..)`: then `b`
/// waits for all of `a`.
fn fork_is_sequential(a: &[Stmt], b: &[Stmt]) -> bool {
    use crate::syntax::ExprKind;
    let sem_of = |e: &Expr| match &e.kind {
        ExprKind::Call(n, args) if n == "halide_semaphore_release" => {
            args.first().and_then(|x| match &x.kind {
                ExprKind::Var(v) => Some(v.clone()),
                _ => None,
            })
        }
        _ => None,
    };
    let mut last = a.last();
    let mut released = None;
    for _ in 0..MAX_DEPTH {
        match last.map(|s| &s.kind) {
            Some(StmtKind::Produce(_, body)) | Some(StmtKind::Block(_, body)) => last = body.last(),
            Some(StmtKind::Eval(e)) => {
                released = sem_of(e);
                break;
            }
            _ => break,
        }
    }
    let acquired = b.first().and_then(|s| match &s.kind {
        StmtKind::Block(sem, _) => sem.clone(),
        _ => None,
    });
    let Some(sem) = released.filter(|r| Some(r) == acquired.as_ref()) else {
        return false;
    };
    // ... and that release is the only one of the semaphore in `a` (an earlier one would let
    // `b` start early).
    fn releases(body: &[Stmt], sem: &str, n: &mut usize) {
        for s in body {
            match &s.kind {
                StmtKind::Eval(e) => {
                    if let crate::syntax::ExprKind::Call(c, args) = &e.kind {
                        if c == "halide_semaphore_release"
                            && matches!(args.first().map(|a| &a.kind), Some(crate::syntax::ExprKind::Var(v)) if v == sem)
                        {
                            *n += 1;
                        }
                    }
                }
                StmtKind::For { body, .. }
                | StmtKind::Realize { body, .. }
                | StmtKind::Produce(_, body)
                | StmtKind::Consume(_, body)
                | StmtKind::Block(_, body) => releases(body, sem, n),
                StmtKind::If(_, x, y) | StmtKind::Fork { a: x, b: y, .. } => {
                    releases(x, sem, n);
                    releases(y, sem, n);
                }
                _ => {}
            }
        }
    }
    let mut n = 0;
    releases(a, &sem, &mut n);
    n == 1
}
