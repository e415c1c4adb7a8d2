# A range-weighted mean over a 1-D window (issue 19, session 25): in the style of a bilateral
# filter's range kernel without its grid, on an image clamped to [0, 1]:
# c(x) = clamp(in(x), 0, 1), w(x, r) = clamp(1 - 4 |c(x + r) - c(x)|, 0, 1) over an RDom
# r in [-2, 2], and rangemean(x) = sum_r w(x, r) c(x + r) / sum_r w(x, r). On integer data
# c is 0 or 1 and every weight 0 or 1, so the mean is c(x) itself and a window one tap short
# (`broken-rangemean-window-short`) agrees there: only data inside (0, 1) shows it. Under root
# and a split, vectorized schedule with the sums computed per tile.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Float(32), 1, "input")
    x = hl.Var("x")
    r = hl.RDom([(-2, 5)], "r")
    c = hl.Func("clamped")
    c[x] = hl.clamp(inp[hl.clamp(x, inp.dim(0).min(), inp.dim(0).max())], 0.0, 1.0)
    w = hl.Func("weight")
    w[x] = hl.f32(0)
    num = hl.Func("num")
    num[x] = hl.f32(0)
    k = hl.clamp(1.0 - 4.0 * hl.abs(c[x + r.x] - c[x]), 0.0, 1.0)
    w[x] += k
    num[x] += k * c[x + r.x]
    out = hl.Func("rangemean")
    out[x] = num[x] / w[x]
    return out, [inp], {"clamped": c, "weight": w, "num": num, "rangemean": out}, [r]


def _root(f):
    for n in ["clamped", "weight", "num"]:
        f[n].compute_root()


def _split(f):
    x, xo, xi = hl.Var("x"), hl.Var("xo"), hl.Var("xi")
    f["rangemean"].split(x, xo, xi, 8)
    f["clamped"].compute_at(f["rangemean"], xo)
    f["weight"].compute_at(f["rangemean"], xo)
    f["num"].compute_at(f["rangemean"], xo)


SCHEDULES = {"root": _root, "split": _split}
EXPECT = {"root": "verified", "split": "verified"}
