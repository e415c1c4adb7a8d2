# A float32 IIR-style smoothing down the columns (our own): a forward scan then a backward scan
# over an RDom whose extent is the input's height, weights 3/4 and 1/4 (floats as reals).
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Float(32), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    fwd, bwd, out = hl.Func("fwd"), hl.Func("bwd"), hl.Func("out")
    h = inp.dim(1).extent()
    r = hl.RDom([(1, h - 1)], "r")
    fwd[x, y] = inp[x, y]
    fwd[x, r.x] = 0.75 * fwd[x, r.x - 1] + 0.25 * inp[x, r.x]
    bwd[x, y] = fwd[x, y]
    bwd[x, h - 1 - r.x] = 0.75 * bwd[x, h - r.x] + 0.25 * fwd[x, h - 1 - r.x]
    out[x, y] = bwd[x, y]
    return out, [inp], {"fwd": fwd, "bwd": bwd, "out": out}, [r]


def _strips(f):
    x, xo, xi = hl.Var("x"), hl.Var("xo"), hl.Var("xi")
    f["out"].split(x, xo, xi, 16).parallel(xo)
    f["fwd"].compute_at(f["out"], xo)
    f["bwd"].compute_at(f["out"], xo)


def _vectorized(f):
    x = hl.Var("x")
    f["fwd"].compute_root().update(0).vectorize(x, 8, hl.TailStrategy.GuardWithIf)
    f["bwd"].compute_root().update(0).vectorize(x, 8, hl.TailStrategy.GuardWithIf)


def _vectorized_roundup(f):
    x = hl.Var("x")
    f["fwd"].compute_root().update(0).vectorize(x, 8)
    f["bwd"].compute_root().update(0).vectorize(x, 8)


SCHEDULES = {"strips": _strips, "vectorized": _vectorized, "vectorized-roundup": _vectorized_roundup}

# As in scan.py, an update vectorized with the default RoundUp tail runs the scan over up to 7
# columns the pure stage never wrote, and its first step reads one: Halide's loop program
# reads uninitialized memory there, whose values are never consumed (verified, named).
EXPECT = {}
