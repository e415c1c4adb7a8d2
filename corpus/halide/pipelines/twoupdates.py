# A Func with two updates (our own): a horizontal sum over an RDom, then a pure update that
# doubles it and adds the centre; under root, compute_at, an unrolled RDom and an update
# vectorized with an explicit GuardWithIf.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Int(16), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    acc, out = hl.Func("acc"), hl.Func("out")
    r = hl.RDom([(-1, 3)], "r")
    acc[x, y] = hl.i32(0)
    acc[x, y] = acc[x, y] + hl.i32(inp[x + r.x, y])
    acc[x, y] = acc[x, y] * 2 + hl.i32(inp[x, y])
    out[x, y] = acc[x, y - 1] + acc[x, y + 1]
    return out, [inp], {"acc": acc, "out": out}, [r]


def _root(f):
    f["acc"].compute_root()


def _compute_at(f):
    y = hl.Var("y")
    f["acc"].compute_at(f["out"], y)


def _unroll_r(f):
    f["acc"].compute_root()
    f["acc"].update(0).unroll(hl.RVar("r$x"))


def _update_vec(f):
    x, xo, xi = hl.Var("x"), hl.Var("xo"), hl.Var("xi")
    f["acc"].compute_root()
    f["acc"].update(1).split(x, xo, xi, 4, hl.TailStrategy.GuardWithIf).vectorize(xi)


SCHEDULES = {"root": _root, "compute-at": _compute_at, "unroll-r": _unroll_r, "update-vec": _update_vec}
EXPECT = {}
