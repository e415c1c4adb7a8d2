# A select-heavy threshold with a clamped neighbour (our own), uint8: a pipeline specialized
# on the input's width, with reorder_storage, and bound + align_bounds on the output.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.UInt(8), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    grad, out = hl.Func("grad"), hl.Func("out")
    grad[x, y] = hl.i16(inp[x + 1, y]) - hl.i16(inp[x, y])
    g = grad[x, y]
    out[x, y] = hl.select(g > 40, hl.u8(255),
                          g < -40, hl.u8(0),
                          g == 0, inp[x, y],
                          hl.u8(hl.clamp(g + 128, 0, 255)))
    return out, [inp], {"grad": grad, "out": out, "input": inp}


def _specialized(f):
    x = hl.Var("x")
    f["grad"].compute_root()
    f["out"].specialize(f["input"].width() >= 33).vectorize(x, 8)


def _reorder_storage(f):
    x, y = hl.Var("x"), hl.Var("y")
    f["grad"].compute_root().reorder_storage(y, x).reorder(y, x)


def _aligned(f):
    x, y = hl.Var("x"), hl.Var("y")
    f["out"].bound(x, 0, 64)
    f["grad"].compute_at(f["out"], y).align_bounds(x, 8)


SCHEDULES = {"specialized": _specialized, "reorder-storage": _reorder_storage, "aligned": _aligned}
EXPECT = {}
