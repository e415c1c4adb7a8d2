"""x / c with c a constant: XLA rewrites it to x * (1/c) (x = c = 3e38: 1/c is subnormal, flushed; 1 becomes 0)."""
# expect: refuted
ARGS = ["f32[4]"]


def f(x):
    return x / 3e38
