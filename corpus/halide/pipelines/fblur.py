# A float32 horizontal-then-vertical blur with weights 1/4, 1/2, 1/4 (our own).
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Float(32), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    bx, by = hl.Func("bx"), hl.Func("by")
    bx[x, y] = 0.25 * inp[x - 1, y] + 0.5 * inp[x, y] + 0.25 * inp[x + 1, y]
    by[x, y] = (bx[x, y - 1] + bx[x, y] + bx[x, y + 1]) / 3.0
    return by, [inp], {"bx": bx, "by": by}


def _root(f):
    f["bx"].compute_root().vectorize(hl.Var("x"), 4)


def _sliding(f):
    x, y = hl.Var("x"), hl.Var("y")
    f["bx"].store_root().compute_at(f["by"], y)


SCHEDULES = {"root": _root, "sliding": _sliding}

# Halide's simplifier lowers `/3.0f` to `*0.333333f`, the float32 nearest to 1/3 (printed with
# 6 decimals); the checker reads the algorithm's division as that multiplication, and the
# printed constant as that float32 (named in the verdict): verified.
EXPECT = {"root": "verified", "sliding": "verified"}
