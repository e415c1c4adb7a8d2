# A causal window (`RDom.where(r.x <= x)`, our own): `h(x, y)` sums the first 8 input columns
# up to column `x` (a predicate that names a pure variable), at root and per 8x4 tile with
# the update vectorized over `x` (the guard compares the RDom with the vector lane).
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Int(32), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    h, out = hl.Func("h"), hl.Func("out")
    r = hl.RDom([(0, 8)], "r")
    r.where(r.x <= x)
    h[x, y] = 0
    h[x, y] = h[x, y] + inp[r.x, y]
    out[x, y] = h[x, y] * 2
    return out, [inp], {"h": h, "out": out}, [r]


def _root(f):
    f["h"].compute_root()


def _tiled(f):
    x, y, xi, yi = hl.Var("x"), hl.Var("y"), hl.Var("xi"), hl.Var("yi")
    f["out"].tile(x, y, xi, yi, 8, 4)
    f["h"].compute_at(f["out"], x)
    f["h"].update().vectorize(x, 4)


SCHEDULES = {"root": _root, "tiled": _tiled}
