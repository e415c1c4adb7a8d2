# A disc-shaped stencil (`RDom.where(r.x*r.x + r.y*r.y <= 4)`, our own): `h` sums the input
# over the 13 points of radius 2 around each point (a nonlinear predicate); `out` halves it.
# At root, in parallel strips of 8 rows with the update vectorized over `x`, and per row with
# the RDom's inner variable unrolled (the guard inside the unrolled loop).
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Int(16), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    h, out = hl.Func("h"), hl.Func("out")
    r = hl.RDom([(-2, 5), (-2, 5)], "r")
    r.where(r.x * r.x + r.y * r.y <= 4)
    h[x, y] = hl.i32(0)
    h[x, y] = h[x, y] + hl.i32(inp[x + r.x, y + r.y])
    out[x, y] = hl.i16(h[x, y] / 2)
    return out, [inp], {"h": h, "out": out}, [r]


def _root(f):
    f["h"].compute_root()


def _strips(f):
    x, y, yo, yi = hl.Var("x"), hl.Var("y"), hl.Var("yo"), hl.Var("yi")
    f["out"].split(y, yo, yi, 8).parallel(yo)
    f["h"].compute_at(f["out"], yo)
    f["h"].update().vectorize(x, 8)


def _unrolled(f):
    r = hl.RVar("r$x")
    f["h"].compute_at(f["out"], hl.Var("y"))
    f["h"].update().unroll(r)


SCHEDULES = {"root": _root, "strips": _strips, "unrolled": _unrolled}
