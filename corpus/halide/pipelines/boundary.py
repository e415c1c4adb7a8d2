# Funcs that Halide adds (our own): a uint8 input read through
# BoundaryConditions.constant_exterior and mirror_image, an inline reduction (`maximum` over a
# 3-point RDom, computed in its consumer's innermost loop), and the wrappers `in_()` and
# `clone_in()` add.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.UInt(8), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    ce = hl.BoundaryConditions.constant_exterior(inp, 7)
    mi = hl.BoundaryConditions.mirror_image(inp)
    a, b = hl.Func("a"), hl.Func("b")
    r = hl.RDom([(-1, 3)], "r")
    a[x, y] = hl.u16(ce[x - 1, y]) + hl.u16(mi[x + 1, y + 2])
    b[x, y] = hl.maximum(a[x + r.x, y]) + a[x, y]
    return b, [inp], {"a": a, "b": b}, [r]


def _global_wrapper(f):
    f["a"].compute_root()
    f["a"].in_().compute_root()


def _clone(f):
    f["a"].clone_in(f["b"]).compute_root()


SCHEDULES = {"inline": lambda f: None, "global-wrapper": _global_wrapper, "clone": _clone}
