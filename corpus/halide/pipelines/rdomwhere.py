# A sum over an RDom with a predicate (`RDom.where`, our own): the even taps of a 5-tap
# window. The exporter records the predicate (the Python API does not give it back) and
# writes `rdom r$x in [0, 5) where (...)`; the update runs only at the points where it holds.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Int(32), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    h, out = hl.Func("h"), hl.Func("out")
    r = hl.RDom([(0, 5)], "r")
    r.where(r.x % 2 == 0)
    h[x, y] = 0
    h[x, y] = h[x, y] + inp[x + r.x, y]
    out[x, y] = h[x, y] * 3
    return out, [inp], {"h": h, "out": out}, [r]


def _root(f):
    f["h"].compute_root()


def _inline_rows(f):
    f["h"].compute_at(f["out"], hl.Var("y"))


def _vectorized(f):
    f["h"].compute_root().vectorize(hl.Var("x"), 4)


SCHEDULES = {"root": _root, "inline-rows": _inline_rows, "vectorized": _vectorized}
