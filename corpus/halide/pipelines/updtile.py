# A vertical sum over a 3-row RDom (an update) consumed by a horizontal stencil (our own), the
# update vectorized with the default RoundUp tail: computed per strip of the output, at root,
# or per tile (where Halide prints the per-tile bounds renamed, `f.s0.x.min_1`: the needed
# region is the innermost binding).
import halide as hl

def pipeline():
    inp = hl.ImageParam(hl.Int(32), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    f, g = hl.Func("f"), hl.Func("g")
    r = hl.RDom([(0, 3)], "r")
    f[x, y] = inp[x, y]
    f[x, y] = f[x, y] + inp[x, y + r.x]
    g[x, y] = f[x - 1, y] + f[x + 1, y] * 2
    return g, [inp], {"f": f, "g": g}, [r]

def _at(s):
    x, y, yo, yi = hl.Var("x"), hl.Var("y"), hl.Var("yo"), hl.Var("yi")
    s["g"].split(y, yo, yi, 8)
    s["f"].compute_at(s["g"], yo)
    s["f"].update(0).vectorize(x, 8)

def _root(s):
    x = hl.Var("x")
    s["f"].compute_root()
    s["f"].update(0).vectorize(x, 8)

def _tile(s):
    x, y, xo, yo, xi, yi = [hl.Var(n) for n in "x y xo yo xi yi".split()]
    s["g"].tile(x, y, xo, yo, xi, yi, 16, 4).vectorize(xi, 8)
    s["f"].compute_at(s["g"], xo)
    s["f"].update(0).split(y, yo, yi, 2).vectorize(x, 4)

SCHEDULES = {"at": _at, "root": _root, "tile": _tile}
