# int32 division and modulo by negative constants (our own): Halide's `/` and `%` are
# Euclidean (the remainder is never negative) for either sign of the divisor, in values and
# in indices (`x / -2` reads the input backwards at half rate).
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Int(32), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    q, out = hl.Func("q"), hl.Func("out")
    q[x, y] = inp[x, y] / -3 + inp[x, y] % -5
    out[x, y] = q[x, y] * (x % -3) + q[x / -2, y] - inp[x, y] / -7
    return out, [inp], {"q": q, "out": out}


def _root(f):
    f["q"].compute_root()


def _unrolled(f):
    x, xo, xi = hl.Var("x"), hl.Var("xo"), hl.Var("xi")
    f["out"].split(x, xo, xi, 4, hl.TailStrategy.GuardWithIf).unroll(xi)
    f["q"].compute_root()


def _parallel(f):
    y = hl.Var("y")
    f["out"].parallel(y)
    f["q"].compute_at(f["out"], y)


SCHEDULES = {"root": _root, "unrolled": _unrolled, "parallel": _parallel}
EXPECT = {}
