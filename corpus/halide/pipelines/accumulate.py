# A vertical sum over a 4-row RDom of a horizontal stencil (our own): bounds, storage
# orders, async producers, hoisted storage, unrolled RVars, split update variables.
import halide as hl

def pipeline():
    inp = hl.ImageParam(hl.UInt(8), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    a, b = hl.Func("a"), hl.Func("b")
    r = hl.RDom([(0, 4)], "r")
    a[x, y] = hl.u16(inp[x - 1, y]) + hl.u16(inp[x + 1, y])
    b[x, y] = hl.u16(0)
    b[x, y] = b[x, y] + a[x, y + r.x]
    return b, [inp], {"a": a, "b": b}, [r]

def bound(f):
    x, y = hl.Var("x"), hl.Var("y")
    f["a"].compute_root().reorder_storage(y, x)
    f["b"].bound(x, 0, 64)

def wrapper(f):
    f["a"].compute_root()
    f["a"].in_(f["b"]).compute_root()

def asyncs(f):
    y = hl.Var("y")
    f["a"].compute_at(f["b"], y).async_()

def hoist(f):
    x, y = hl.Var("x"), hl.Var("y")
    f["a"].compute_at(f["b"], y).hoist_storage_root()

def unroll_r(f):
    f["a"].compute_root()
    f["b"].update(0).unroll(hl.RVar("r$x"))

def split_r(f):
    ro, ri = hl.RVar("ro"), hl.RVar("ri")
    f["a"].compute_root()
    f["b"].update(0).split(hl.RVar("r$x"), ro, ri, 2)

def update_split_x(f):
    x, xo, xi = hl.Var("x"), hl.Var("xo"), hl.Var("xi")
    f["a"].compute_root()
    f["b"].update(0).split(x, xo, xi, 8).vectorize(xi)

SCHEDULES = {"bound": bound, "wrapper": wrapper, "async": asyncs, "hoist": hoist, "unroll-r": unroll_r, "split-r": split_r, "update-split-x": update_split_x}

# Every schedule verifies (split RVars since slice 2, the `in_()` wrapper since the exporter
# writes the Funcs the statement produces).
EXPECT = {}
