"""(A/B)/C: XLA rewrites it to A/(B*C) (all 1e30: 1e-30 becomes 0)."""
# expect: refuted
ARGS = ["f32[4]", "f32[4]", "f32[4]"]


def f(a, b, c):
    return (a / b) / c
