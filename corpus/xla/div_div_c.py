"""(A/B)/(C/D): XLA rewrites it to (A*D)/(B*C) (all 1e30: 1 becomes nan)."""
# expect: refuted
ARGS = ["f32[4]", "f32[4]", "f32[4]", "f32[4]"]


def f(a, b, c, d):
    return (a / b) / (c / d)
