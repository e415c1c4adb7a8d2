# A depthwise-separable convolution on int32 (our own, in the style of Halide's
# apps/depthwise_separable_conv): a 3x3 depthwise filter per channel (a 2-D RDom), then a
# pointwise 1x1 convolution over the channels (an RDom over the channel count), with a bias.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Int(32), 3, "input")
    dw_w = hl.ImageParam(hl.Int(32), 3, "dw_weights")
    pw_w = hl.ImageParam(hl.Int(32), 2, "pw_weights")
    bias = hl.ImageParam(hl.Int(32), 1, "bias")
    x, y, c, k = hl.Var("x"), hl.Var("y"), hl.Var("c"), hl.Var("k")
    rw = hl.RDom([(0, 3), (0, 3)], "rw")
    rc = hl.RDom([(0, 8)], "rc")
    dw, pw, out = hl.Func("dw"), hl.Func("pw"), hl.Func("depthwise")
    dw[x, y, c] = 0
    dw[x, y, c] = dw[x, y, c] + dw_w[rw.x, rw.y, c] * inp[x + rw.x - 1, y + rw.y - 1, c]
    pw[x, y, k] = bias[k]
    pw[x, y, k] = pw[x, y, k] + pw_w[rc.x, k] * dw[x, y, rc.x]
    out[x, y, k] = hl.max(pw[x, y, k], 0)
    return out, [inp, dw_w, pw_w, bias], {"dw": dw, "pw": pw, "depthwise": out}, [rw, rc]


def _root(f):
    f["dw"].compute_root()
    f["pw"].compute_root()


def _tiled(f):
    x, y, c, k, xi, yi = (hl.Var(n) for n in ("x", "y", "c", "k", "xi", "yi"))
    f["depthwise"].tile(x, y, xi, yi, 4, 4).parallel(k)
    f["pw"].compute_at(f["depthwise"], x)
    f["pw"].update(0).vectorize(x)
    f["dw"].compute_at(f["depthwise"], x)
    f["dw"].update(0).unroll(hl.RVar("rw$x"))


def _channels_inner(f):
    x, y, c, k = (hl.Var(n) for n in ("x", "y", "c", "k"))
    f["depthwise"].reorder(k, x, y).parallel(y)
    f["dw"].compute_at(f["depthwise"], y).reorder(c, x, y)
    f["dw"].update(0).reorder(c, x, y, hl.RVar("rw$x"), hl.RVar("rw$y"))
    f["pw"].compute_at(f["depthwise"], y)
    f["pw"].update(0).vectorize(x, 4, hl.TailStrategy.GuardWithIf)


def _update_roundup(f):
    x, y = hl.Var("x"), hl.Var("y")
    f["pw"].compute_at(f["depthwise"], y)
    f["pw"].update(0).vectorize(x, 4)
    f["dw"].compute_root()


SCHEDULES = {"root": _root, "tiled": _tiled, "channels-inner": _channels_inner, "update-roundup": _update_roundup}

# Halide's default tail for a vectorized update stage is RoundUp: the update reads `pw` at the
# rounded-up columns, which the pure stage never wrote (uninitialized memory whose results are
# discarded, by design): verified, the verdict naming those stores.
EXPECT = {}
