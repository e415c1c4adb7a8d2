"""A float to int32 cast and back (XLA's convert: truncation toward zero, saturating, NaN to 0
on XLA:CPU), and the int32 result itself (second: the differential test compares the first output, a
float): XLA:CPU fuses the converts and keeps them; sound."""
# expect: verified
import jax.numpy as jnp

ARGS = ["f32[8]"]


def f(x):
    n = (x * 3.0).astype(jnp.int32)
    return n.astype(jnp.float32) + x, n
