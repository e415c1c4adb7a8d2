# Two sibling Funcs computed in one loop nest with `compute_with` (our own), beside a
# horizontal RDom sum; under compute_with at the rows, at the columns, and both root.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Int(32), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    f, g, h, out = hl.Func("f"), hl.Func("g"), hl.Func("h"), hl.Func("out")
    r = hl.RDom([(0, 5)], "r")
    f[x, y] = inp[x, y] + 1
    g[x, y] = inp[x + 1, y] * 2
    h[x, y] = 0
    h[x, y] = h[x, y] + inp[x + r.x, y]
    out[x, y] = f[x, y] + g[x, y] - h[x, y]
    return out, [inp], {"f": f, "g": g, "h": h, "out": out}, [r]


def _with_rows(f):
    y = hl.Var("y")
    f["f"].compute_root()
    f["g"].compute_root().compute_with(f["f"], y)
    f["h"].compute_root()


def _with_columns(f):
    x = hl.Var("x")
    f["f"].compute_root()
    f["g"].compute_root().compute_with(f["f"], x)
    f["h"].compute_at(f["out"], hl.Var("y"))


def _root(f):
    f["f"].compute_root()
    f["g"].compute_root()
    f["h"].compute_root()


SCHEDULES = {"with-rows": _with_rows, "with-columns": _with_columns, "root": _root}
EXPECT = {}
