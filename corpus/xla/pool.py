"""Pooling with `reduce-window` in its general form: a 3x3 max pool with stride 2 and SAME
padding (padded with -inf, the initial value) and a 2x2 sum pool with stride 1 (overlapping
windows) over an NHWC image, added; XLA:CPU keeps both windows and fuses the sum; sound
under "reduction order unspecified" (the sums)."""
# expect: verified
import jax.numpy as jnp
from jax import lax

ARGS = ["f32[1,8,8,2]"]


def f(x):
    m = lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")
    s = lax.reduce_window(x, 0.0, lax.add, (1, 2, 2, 1), (1, 1, 1, 1), "VALID")
    return m * 2.0, lax.slice(s, (0, 0, 0, 0), (1, 7, 7, 2), (1, 2, 2, 1)) + m
