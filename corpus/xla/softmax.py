"""Softmax over the last axis: reductions (max, sum), broadcasts and fusion. XLA drops the
maximum with -inf; the sums keep their order (also verified with --strict-reduce-order)."""
# expect: verified
# assumes: reduction order unspecified
import jax

ARGS = ["f32[4,16]"]


def f(x):
    return jax.nn.softmax(x, axis=-1)
