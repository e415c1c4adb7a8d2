# Unsharp mask on float32 (our own, in the style of Halide's apps/unsharp): a gray image from
# three channels, a separable 5-tap blur with fixed weights, sharpen = 2*gray - blur, and the
# input scaled by sharpen/gray. The input is clamped with BoundaryConditions.repeat_edge.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Float(32), 3, "input")
    x, y, c = hl.Var("x"), hl.Var("y"), hl.Var("c")
    clamped = hl.BoundaryConditions.repeat_edge(inp)
    gray, blur_y, blur_x = hl.Func("gray"), hl.Func("blur_y"), hl.Func("blur_x")
    sharpen, ratio, out = hl.Func("sharpen"), hl.Func("ratio"), hl.Func("unsharp")
    gray[x, y] = 0.25 * clamped[x, y, 0] + 0.5 * clamped[x, y, 1] + 0.25 * clamped[x, y, 2]
    w = [0.0625, 0.25, 0.375, 0.25, 0.0625]
    blur_y[x, y] = sum(w[i] * gray[x, y + i - 2] for i in range(5))
    blur_x[x, y] = sum(w[i] * blur_y[x + i - 2, y] for i in range(5))
    sharpen[x, y] = 2.0 * gray[x, y] - blur_x[x, y]
    ratio[x, y] = sharpen[x, y] / gray[x, y]
    out[x, y, c] = ratio[x, y] * inp[x, y, c]
    return out, [inp], {"gray": gray, "blur_y": blur_y, "blur_x": blur_x, "sharpen": sharpen,
                        "ratio": ratio, "unsharp": out}


def _root(f):
    for n in ("gray", "blur_y", "ratio"):
        f[n].compute_root()


def _tiled(f):
    x, y, c, xi, yi = hl.Var("x"), hl.Var("y"), hl.Var("c"), hl.Var("xi"), hl.Var("yi")
    f["unsharp"].bound(c, 0, 3).reorder(c, x, y).tile(x, y, xi, yi, 8, 8).unroll(c).vectorize(xi).parallel(y)
    f["ratio"].compute_at(f["unsharp"], x).vectorize(x, 4)
    f["gray"].compute_at(f["unsharp"], x)
    f["blur_y"].compute_at(f["unsharp"], x)


def _sliding(f):
    y = hl.Var("y")
    f["gray"].store_root().compute_at(f["unsharp"], y)
    f["blur_y"].compute_at(f["unsharp"], y)


SCHEDULES = {"root": _root, "tiled": _tiled, "sliding": _sliding}

# The sliding window computes each row of `gray` once (Halide slides it over `c`: rows
# computed for the first channel are read for the others): verified with the earlier
# iteration that wrote a cell as an explicit instance, not a quantifier.
EXPECT = {}
