# A prefix sum along x (a recurrence over an RDom, our own) whose RVar is split, unrolled, or
# moved outside the pure variable's loop: the update's order must stay the algorithm's.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Int(16), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    psum, out = hl.Func("psum"), hl.Func("out")
    r = hl.RDom([(1, 15)], "r")
    psum[x, y] = hl.i32(inp[x, y])
    psum[r.x, y] = psum[r.x - 1, y] * 2 + hl.i32(inp[r.x, y])
    out[x, y] = psum[x, y]
    return out, [inp], {"psum": psum, "out": out}, [r]


def _split(f):
    ro, ri = hl.RVar("ro"), hl.RVar("ri")
    f["psum"].compute_root()
    f["psum"].update(0).split(hl.RVar("r$x"), ro, ri, 4, hl.TailStrategy.GuardWithIf)


def _unroll(f):
    ro, ri = hl.RVar("ro"), hl.RVar("ri")
    f["psum"].compute_root()
    f["psum"].update(0).split(hl.RVar("r$x"), ro, ri, 5).unroll(ri)


def _reorder(f):
    y = hl.Var("y")
    f["psum"].compute_root()
    f["psum"].update(0).reorder(y, hl.RVar("r$x"))


# (Halide 21 refuses to fuse an RVar with a pure Var: "Can't fuse Var r$x from RVar r$x".)
SCHEDULES = {"split": _split, "unroll": _unroll, "reorder": _reorder}
