"""(x*2)*0.5: XLA folds it to x (3e38: inf becomes 3e38)."""
# expect: refuted
ARGS = ["f32[4]"]


def f(x):
    return (x * 2.0) * 0.5
