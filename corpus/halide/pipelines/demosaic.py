# A camera-pipe-like demosaic on uint16 (our own, in the style of Halide's apps/camera_pipe,
# without its LUT): a GRBG Bayer mosaic deinterleaved into four quarter-size planes with
# 2*x and 2*x + 1, green interpolated at red and blue sites by rounding averages computed in
# uint32 and narrowed back, then interleaved into three full-size channels with x % 2, y % 2.
import halide as hl


def avg(a, b):
    return hl.u16((hl.u32(a) + hl.u32(b) + 1) / 2)


def pipeline():
    raw = hl.ImageParam(hl.UInt(16), 2, "raw")
    x, y, c = hl.Var("x"), hl.Var("y"), hl.Var("c")
    g_gr, r_r, b_b, g_gb = hl.Func("g_gr"), hl.Func("r_r"), hl.Func("b_b"), hl.Func("g_gb")
    g_gr[x, y] = raw[2 * x, 2 * y]
    r_r[x, y] = raw[2 * x + 1, 2 * y]
    b_b[x, y] = raw[2 * x, 2 * y + 1]
    g_gb[x, y] = raw[2 * x + 1, 2 * y + 1]
    g_r, g_b = hl.Func("g_r"), hl.Func("g_b")
    g_r[x, y] = avg(avg(g_gr[x, y], g_gr[x + 1, y]), avg(g_gb[x, y - 1], g_gb[x, y]))
    g_b[x, y] = avg(avg(g_gr[x, y], g_gr[x, y + 1]), avg(g_gb[x - 1, y], g_gb[x, y]))
    r_b, b_r = hl.Func("r_b"), hl.Func("b_r")
    r_b[x, y] = avg(avg(r_r[x, y], r_r[x - 1, y]), avg(r_r[x, y + 1], r_r[x - 1, y + 1]))
    b_r[x, y] = avg(avg(b_b[x, y], b_b[x + 1, y]), avg(b_b[x, y - 1], b_b[x + 1, y - 1]))
    out = hl.Func("demosaic")
    hx, hy = x / 2, y / 2
    even_x, even_y = x % 2 == 0, y % 2 == 0
    red = hl.select(even_y, hl.select(even_x, avg(r_r[hx - 1, hy], r_r[hx, hy]), hl.Expr(r_r[hx, hy])),
                    hl.select(even_x, hl.Expr(r_b[hx, hy]), avg(r_r[hx, hy], r_r[hx, hy + 1])))
    green = hl.select(even_y, hl.select(even_x, hl.Expr(g_gr[hx, hy]), hl.Expr(g_r[hx, hy])),
                      hl.select(even_x, hl.Expr(g_b[hx, hy]), hl.Expr(g_gb[hx, hy])))
    blue = hl.select(even_y, hl.select(even_x, avg(b_b[hx, hy - 1], b_b[hx, hy]), hl.Expr(b_r[hx, hy])),
                     hl.select(even_x, hl.Expr(b_b[hx, hy]), avg(b_b[hx, hy], b_b[hx + 1, hy])))
    out[x, y, c] = hl.select(c == 0, red, hl.select(c == 1, green, blue))
    return out, [raw], {"g_gr": g_gr, "r_r": r_r, "b_b": b_b, "g_gb": g_gb, "g_r": g_r, "g_b": g_b,
                        "r_b": r_b, "b_r": b_r, "demosaic": out}


def _root(f):
    for n in ("g_gr", "r_r", "b_b", "g_gb"):
        f[n].compute_root()


def _tiled(f):
    x, y, c, xi, yi = hl.Var("x"), hl.Var("y"), hl.Var("c"), hl.Var("xi"), hl.Var("yi")
    f["demosaic"].bound(c, 0, 3).reorder(c, x, y).unroll(c).tile(x, y, xi, yi, 8, 4).parallel(y)
    for n in ("g_gr", "r_r", "b_b", "g_gb"):
        f[n].compute_at(f["demosaic"], x)
    for n in ("g_r", "g_b"):
        f[n].compute_at(f["demosaic"], x).vectorize(x, 4)


def _strips(f):
    x, y, c, yo, yi = hl.Var("x"), hl.Var("y"), hl.Var("c"), hl.Var("yo"), hl.Var("yi")
    f["demosaic"].split(y, yo, yi, 8).parallel(yo).vectorize(x, 8)
    for n in ("g_gr", "r_r", "b_b", "g_gb"):
        f[n].compute_at(f["demosaic"], yo)


def _fused(f):
    x, y, c, t = hl.Var("x"), hl.Var("y"), hl.Var("c"), hl.Var("t")
    f["demosaic"].bound(c, 0, 3).reorder(c, x, y).fuse(c, x, t).parallel(y)
    for n in ("g_gr", "r_r", "b_b", "g_gb"):
        f[n].compute_at(f["demosaic"], y)


SCHEDULES = {"root": _root, "tiled": _tiled, "strips": _strips, "fused": _fused}

# The fused loop stores the output at `t % 3`: the fused variable's own index, not storage
# folding (the output is never folded), so every schedule verifies.
EXPECT = {}
