# Non-local means on float32 (our own, in the style of Halide's apps/nl_means, which the
# OOPSLA'22 validator could not check): squared patch distances over a 5x5 search window,
# summed over the channels and blurred over a 3x3 patch, weights 1/(1 + k*d) in place of the
# app's exponential, and the weighted mean over the window (a 2-D RDom) normalized by the sum
# of the weights (the alpha channel). The input is clamped with repeat_edge.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Float(32), 3, "input")
    x, y, c, dx, dy = (hl.Var(n) for n in ("x", "y", "c", "dx", "dy"))
    clamped = hl.BoundaryConditions.repeat_edge(inp)
    alpha = hl.Func("with_alpha")
    alpha[x, y, c] = hl.select(c < 3, clamped[x, y, hl.min(c, 2)], 1.0)
    d, blur_d_y, blur_d, w = hl.Func("d"), hl.Func("blur_d_y"), hl.Func("blur_d"), hl.Func("w")
    diff = [clamped[x, y, k] - clamped[x + dx, y + dy, k] for k in range(3)]
    d[x, y, dx, dy] = diff[0] * diff[0] + diff[1] * diff[1] + diff[2] * diff[2]
    blur_d_y[x, y, dx, dy] = d[x, y - 1, dx, dy] + d[x, y, dx, dy] + d[x, y + 1, dx, dy]
    blur_d[x, y, dx, dy] = blur_d_y[x - 1, y, dx, dy] + blur_d_y[x, y, dx, dy] + blur_d_y[x + 1, y, dx, dy]
    w[x, y, dx, dy] = 1.0 / (1.0 + 0.125 * blur_d[x, y, dx, dy])
    s = hl.RDom([(-2, 5), (-2, 5)], "s")
    total, out = hl.Func("nlm_sum"), hl.Func("nl_means")
    total[x, y, c] = 0.0
    total[x, y, c] = total[x, y, c] + w[x, y, s.x, s.y] * alpha[x + s.x, y + s.y, c]
    out[x, y, c] = total[x, y, c] / total[x, y, 3]
    return out, [inp], {"with_alpha": alpha, "d": d, "blur_d_y": blur_d_y, "blur_d": blur_d, "w": w,
                        "nlm_sum": total, "nl_means": out}, [s]


def _root(f):
    f["nl_means"].bound(hl.Var("c"), 0, 3)
    for n in ("blur_d_y", "blur_d", "nlm_sum"):
        f[n].compute_root()


def _tiled(f):
    x, y, c, xi, yi = (hl.Var(n) for n in ("x", "y", "c", "xi", "yi"))
    f["nl_means"].bound(c, 0, 3).tile(x, y, xi, yi, 8, 8).parallel(y)
    f["nlm_sum"].compute_at(f["nl_means"], x).reorder(c, x, y).bound(c, 0, 4).unroll(c)
    f["nlm_sum"].update(0).reorder(c, x, y, hl.RVar("s$x"), hl.RVar("s$y")).unroll(c)
    f["blur_d"].compute_at(f["nl_means"], x)
    f["blur_d_y"].compute_at(f["nl_means"], x)


def _strips(f):
    x, y, c, yo, yi = (hl.Var(n) for n in ("x", "y", "c", "yo", "yi"))
    f["nl_means"].bound(c, 0, 3).split(y, yo, yi, 4).parallel(yo).vectorize(x, 4)
    f["nlm_sum"].compute_at(f["nl_means"], yo)
    f["blur_d"].compute_at(f["nl_means"], yo)
    f["d"].compute_at(f["nl_means"], yo)


SCHEDULES = {"root": _root, "tiled": _tiled, "strips": _strips}
