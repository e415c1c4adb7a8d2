# Recurrences (our own): a prefix sum along x over an RDom, and an IIR-style smoothing with a
# forward scan then a backward scan (integer weights 3/4, 1/4), under root, compute_at,
# parallel and split schedules.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Int(16), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    psum, fwd, bwd, out = hl.Func("psum"), hl.Func("fwd"), hl.Func("bwd"), hl.Func("out")
    r = hl.RDom([(1, 15)], "r")
    s = hl.RDom([(1, 15)], "s")
    psum[x, y] = hl.i32(inp[x, y])
    psum[r.x, y] = psum[r.x - 1, y] + hl.i32(inp[r.x, y])
    fwd[x, y] = psum[x, y]
    fwd[r.x, y] = (fwd[r.x - 1, y] * 3 + psum[r.x, y]) / 4
    bwd[x, y] = fwd[x, y]
    bwd[15 - s.x, y] = (bwd[16 - s.x, y] * 3 + fwd[15 - s.x, y]) / 4
    out[x, y] = bwd[x, y] + 1
    return out, [inp], {"psum": psum, "fwd": fwd, "bwd": bwd, "out": out}, [r, s]


def _root(f):
    for n in ("psum", "fwd", "bwd"):
        f[n].compute_root()


def _rows(f):
    y = hl.Var("y")
    for n in ("psum", "fwd", "bwd"):
        f[n].compute_at(f["out"], y)


def _parallel(f):
    y = hl.Var("y")
    for n in ("psum", "fwd", "bwd"):
        f[n].compute_root().parallel(y)
        f[n].update(0).parallel(y)
    f["out"].parallel(y)


def _split(f):
    y, yo, yi = hl.Var("y"), hl.Var("yo"), hl.Var("yi")
    for n in ("psum", "fwd", "bwd"):
        f[n].compute_root()
        f[n].update(0).split(y, yo, yi, 4, hl.TailStrategy.GuardWithIf)


def _split_roundup(f):
    y, yo, yi = hl.Var("y"), hl.Var("yo"), hl.Var("yi")
    for n in ("psum", "fwd", "bwd"):
        f[n].compute_root()
        f[n].update(0).split(y, yo, yi, 4)


SCHEDULES = {
    "root": _root,
    "rows": _rows,
    "parallel": _parallel,
    "split": _split,
    "split-roundup": _split_roundup,
}

# An update stage's split defaults to RoundUp: the scan then runs over up to 3 rows beyond the
# pure stage's, whose first step reads a cell of psum nothing wrote (a real read of
# uninitialized memory by Halide's loop program, by design). Those rows are outside the needed
# region (Halide's un-rounded bounds `psum.s0.*`, checked): their values are discarded, so the
# statement verifies, the verdict naming the stores whose reads may be of never-written cells.
EXPECT = {}
