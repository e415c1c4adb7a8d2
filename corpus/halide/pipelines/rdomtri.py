# A triangular 2-D RDom (`RDom.where(r.x <= r.y)`, our own): `h` sums the input over the
# lower triangle of the 4x4 window at each point, each row of the window weighted by its
# index plus one; `out` adds the point itself. Under a root schedule, an update vectorized
# over `x` (the predicate guards the vector store), and the RDom reordered (`r.y`
# innermost: a commutative sum, so any order of the triangle's points is the same fold)
# inside a per-row compute_at.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Int(32), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    h, out = hl.Func("h"), hl.Func("out")
    r = hl.RDom([(0, 4), (0, 4)], "r")
    r.where(r.x <= r.y)
    h[x, y] = 0
    h[x, y] = h[x, y] + inp[x + r.x, y + r.y] * (r.y + 1)
    out[x, y] = h[x, y] + inp[x, y]
    return out, [inp], {"h": h, "out": out}, [r]


def _root(f):
    f["h"].compute_root()


def _update_vec(f):
    f["h"].compute_root()
    f["h"].update().vectorize(hl.Var("x"), 4)


def _reordered(f):
    r = hl.RVar("r$x"), hl.RVar("r$y")
    f["h"].compute_at(f["out"], hl.Var("y"))
    f["h"].update().reorder(r[1], r[0], hl.Var("x"))


SCHEDULES = {"root": _root, "update-vec": _update_vec, "reordered": _reordered}
