# A first-order IIR blur down the columns on float32 (our own, in the style of Halide's
# apps/iir_blur): a causal scan down (an RDom over the rows after the first) and an
# anti-causal scan back up, each a recurrence blur(x, r) from blur(x, r -+ 1).
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Float(32), 2, "input")
    x, y = hl.Var("x"), hl.Var("y")
    lo, n = inp.dim(1).min(), inp.dim(1).extent()
    down = hl.RDom([hl.Range(lo + 1, n - 1)], "down")
    up = hl.RDom([hl.Range(lo + 1, n - 1)], "up")
    blur, out = hl.Func("blur"), hl.Func("iir")
    blur[x, y] = inp[x, y]
    blur[x, down.x] = 0.75 * blur[x, down.x - 1] + 0.25 * blur[x, down.x]
    flip = 2 * lo + n - 1 - up.x
    blur[x, flip] = 0.75 * blur[x, flip + 1] + 0.25 * blur[x, flip]
    out[x, y] = blur[x, y]
    return out, [inp], {"blur": blur, "iir": out}, [down, up]


def _root(f):
    f["blur"].compute_root()


def _vectorized(f):
    x, xo, xi = hl.Var("x"), hl.Var("xo"), hl.Var("xi")
    f["blur"].compute_root()
    for s in (0, 1):
        f["blur"].update(s).split(x, xo, xi, 8, hl.TailStrategy.GuardWithIf).vectorize(xi)


def _parallel(f):
    x, xo, xi = hl.Var("x"), hl.Var("xo"), hl.Var("xi")
    f["iir"].split(x, xo, xi, 16).parallel(xo)
    f["blur"].compute_at(f["iir"], xo)
    for s in (0, 1):
        f["blur"].update(s).parallel(x)


SCHEDULES = {"root": _root, "vectorized": _vectorized, "parallel": _parallel}

