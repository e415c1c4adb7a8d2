# A Func defined only on the input's rows (our own, in the style of Halide's apps/iir_blur,
# whose `blur` starts `undef()` and whose updates write absolute rows 0 to extent - 1): row 0
# from the input, then a running sum down the rows over an RDom as tall as the input, then a
# transposed copy. The algorithm has no value outside the input's rows, so the claim is for
# the outputs inside them (the restriction the checker reads from `undef()` and names): under
# root, with the sum's x vectorized, and computed per strip of the output.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Int(16), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    r = hl.RDom([(1, inp.height() - 1)], "r")
    acc = hl.Func("acc")
    acc[x, y] = hl.undef(hl.Int(32))
    acc[x, 0] = hl.i32(inp[x, 0])
    acc[x, r.x] = acc[x, r.x - 1] + hl.i32(inp[x, r.x])
    out = hl.Func("colsum")
    out[x, y] = acc[y, x] * 2
    return out, [inp], {"acc": acc, "colsum": out}, [r]


def _root(f):
    f["acc"].compute_root()


def _vectorized(f):
    x = hl.Var("x")
    f["acc"].compute_root()
    f["acc"].update(0).vectorize(x, 8)
    f["acc"].update(1).vectorize(x, 8)


def _strips(f):
    x, y, yo, yi = (hl.Var(n) for n in ("x", "y", "yo", "yi"))
    f["colsum"].split(y, yo, yi, 8)
    f["acc"].compute_at(f["colsum"], yo)


SCHEDULES = {"root": _root, "vectorized": _vectorized, "strips": _strips}
EXPECT = {"root": "verified", "vectorized": "verified", "strips": "verified"}
