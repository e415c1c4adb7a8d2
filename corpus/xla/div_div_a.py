"""A/(B/C): XLA rewrites it to (A*C)/B, which overflows where the original does not (a = b = c = 1e20)."""
# expect: refuted
import jax.numpy as jnp

ARGS = ["f32[4]", "f32[4]", "f32[4]"]


def f(a, b, c):
    return a / (b / c)
