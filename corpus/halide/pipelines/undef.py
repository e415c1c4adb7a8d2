# A Func whose pure definition is Halide's `undef()` (our own, in the style of Halide's
# apps/iir_blur, whose `blur` starts undefined): every point is then written by an update over
# the pure variables, and a second update reads the first, so the algorithm is defined at
# every output point. Under root, a vectorized update and compute_at a tiled output.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Int(16), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    acc = hl.Func("acc")
    acc[x, y] = hl.undef(hl.Int(32))
    acc[x, y] = hl.i32(inp[x, y]) * 3
    acc[x, y] = acc[x, y] - hl.i32(inp[x, y])
    out = hl.Func("doubled")
    out[x, y] = acc[x, y] + acc[x, y + 1]
    return out, [inp], {"acc": acc, "doubled": out}


def _root(f):
    f["acc"].compute_root()


def _vectorized(f):
    x = hl.Var("x")
    f["acc"].compute_root()
    f["acc"].update(0).vectorize(x, 8)
    f["acc"].update(1).vectorize(x, 8)


def _tiled(f):
    x, y, xo, yo, xi, yi = (hl.Var(n) for n in ("x", "y", "xo", "yo", "xi", "yi"))
    f["doubled"].tile(x, y, xo, yo, xi, yi, 8, 8)
    f["acc"].compute_at(f["doubled"], xo)


SCHEDULES = {"root": _root, "vectorized": _vectorized, "tiled": _tiled}
EXPECT = {"root": "verified", "vectorized": "verified", "tiled": "verified"}
