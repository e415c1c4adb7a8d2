# A long float recurrence with a non-dyadic constant (our own, in the style of Halide's
# apps/iir_blur with its `alpha`): an exponential decay along each row, acc(x) = 0.9f*acc(x-1)
# + 0.1f*in(x), over an RDom as wide as the input; exact rationals keep a replay of 64
# products of 0.9f exact. Under root, vectorized (over rows) and parallel schedules.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Float(32), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    lo, n = inp.dim(0).min(), inp.dim(0).extent()
    r = hl.RDom([hl.Range(lo + 1, n - 1)], "r")
    acc, out = hl.Func("acc"), hl.Func("decay")
    acc[x, y] = inp[x, y]
    acc[r.x, y] = 0.9 * acc[r.x - 1, y] + 0.1 * inp[r.x, y]
    out[x, y] = acc[x, y] * 2.0
    return out, [inp], {"acc": acc, "decay": out}, [r]


def _root(f):
    f["acc"].compute_root()


def _vectorized(f):
    y, yo, yi = hl.Var("y"), hl.Var("yo"), hl.Var("yi")
    f["acc"].compute_root()
    f["acc"].update(0).split(y, yo, yi, 8, hl.TailStrategy.GuardWithIf).vectorize(yi)


def _parallel(f):
    y = hl.Var("y")
    f["decay"].parallel(y)
    f["acc"].compute_at(f["decay"], y)


SCHEDULES = {"root": _root, "vectorized": _vectorized, "parallel": _parallel}
EXPECT = {"root": "verified", "vectorized": "verified", "parallel": "verified"}
