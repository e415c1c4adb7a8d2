# strict_float (issue 21 part 4): float arithmetic that Halide keeps as written, in IEEE 754
# float32, printed by Halide 21 as `strict_add`, `strict_mul`, `strict_div`, `strict_lt`. Our own,
# in the style of a three-tap box sum followed by a data-dependent scaling:
# sum3(x) = (in(x) + in(x + 1)) + in(x + 2) and
# strict(x) = sum3(x) < sum3(x + 1) ? sum3(x) * 0.1f : sum3(x + 1) / 3, all strict. Over the
# reals the sum's association would not matter; in float32 it does (`broken-strict-assoc`
# sums `in(x) + (in(x + 1) + in(x + 2))` and is refuted). Under root and a split, vectorized
# schedule with the sum computed per tile.
import halide as hl


def pipeline():
    inp = hl.ImageParam(hl.Float(32), 1, "input")
    x = hl.Var("x")
    s = hl.Func("sum3")
    s[x] = hl.strict_float((inp[x] + inp[x + 1]) + inp[x + 2])
    out = hl.Func("strict")
    out[x] = hl.strict_float(hl.select(s[x] < s[x + 1], s[x] * hl.f32(0.1), s[x + 1] / hl.f32(3)))
    return out, [inp], {"sum3": s, "strict": out}


def _root(f):
    f["sum3"].compute_root()


def _split(f):
    x, xo, xi = hl.Var("x"), hl.Var("xo"), hl.Var("xi")
    f["strict"].split(x, xo, xi, 8).vectorize(xi)
    f["sum3"].compute_at(f["strict"], xo).vectorize(x, 4)


SCHEDULES = {"root": _root, "split": _split}
EXPECT = {"root": "verified", "split": "verified"}
