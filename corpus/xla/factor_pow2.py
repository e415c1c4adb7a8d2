"""A*C + B*C with C = 2: XLA factors it to (A+B)*C ((3e38, -3e38): nan becomes 0)."""
# expect: refuted
ARGS = ["f32[4]", "f32[4]"]


def f(a, b):
    return a * 2.0 + b * 2.0
