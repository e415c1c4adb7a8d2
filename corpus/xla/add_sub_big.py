"""(x+1e30)-1e30: XLA folds it to x (1: 0 becomes 1)."""
# expect: refuted
ARGS = ["f32[4]"]


def f(x):
    return (x + 1e30) - 1e30
