"""a/exp(b): XLA rewrites it to a*exp(-b) ((inf, 88), subnormals flushed: inf becomes nan)."""
# expect: refuted
import jax.numpy as jnp

ARGS = ["f32[4]", "f32[4]"]


def f(a, b):
    return a / jnp.exp(b)
