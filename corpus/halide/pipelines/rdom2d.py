# A 3x3 box sum over a 2-D RDom (our own) whose two RVars are fused into one loop, split, or
# reordered: each cell must still see each RDom point once.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.UInt(8), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    box, out = hl.Func("box"), hl.Func("out")
    r = hl.RDom([(-1, 3), (-1, 3)], "r")
    box[x, y] = hl.u16(0)
    box[x, y] = box[x, y] + hl.u16(inp[x + r.x, y + r.y]) * hl.u16(r.x + 2)
    out[x, y] = box[x, y]
    return out, [inp], {"box": box, "out": out}, [r]


def _fused(f):
    t = hl.RVar("t")
    f["box"].compute_root()
    f["box"].update(0).fuse(hl.RVar("r$x"), hl.RVar("r$y"), t)


def _reordered(f):
    f["box"].compute_root()
    f["box"].update(0).reorder(hl.RVar("r$y"), hl.RVar("r$x"))


def _inner_x(f):
    x = hl.Var("x")
    f["box"].compute_at(f["out"], x)
    f["box"].update(0).unroll(hl.RVar("r$x"))


SCHEDULES = {"fused": _fused, "reordered": _reordered, "inner-x": _inner_x}
