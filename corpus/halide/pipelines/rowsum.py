# A row sum over an RDom and a matrix product (our own): updates with pure-variable
# left sides, the RDom innermost or reordered.
import halide as hl


def pipeline():
    A = hl.ImageParam(hl.Int(32), 2, "A")
    B = hl.ImageParam(hl.Int(32), 2, "B")
    x, y = hl.Var("x"), hl.Var("y")
    r = hl.RDom([(0, 8)], "r")
    prod, out = hl.Func("prod"), hl.Func("out")
    prod[x, y] = 0
    prod[x, y] = prod[x, y] + A[r.x, y] * B[x, r.x]
    out[x, y] = prod[x, y] + 1
    return out, [A, B], {"prod": prod, "out": out}, [r]


def _root(f):
    f["prod"].compute_root()


def _tiled(f):
    x, y, xi, yi = hl.Var("x"), hl.Var("y"), hl.Var("xi"), hl.Var("yi")
    f["out"].tile(x, y, xi, yi, 4, 4)
    f["prod"].compute_at(f["out"], x)
    f["prod"].update(0).vectorize(x, 4)


def _parallel(f):
    x, y = hl.Var("x"), hl.Var("y")
    f["prod"].compute_root().parallel(y)
    f["prod"].update(0).parallel(y)


SCHEDULES = {"root": _root, "tiled": _tiled, "parallel": _parallel}
