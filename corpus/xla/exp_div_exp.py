"""exp(a)/exp(b): XLA rewrites it to exp(a-b) ((100, 100): nan becomes 1)."""
# expect: refuted
import jax.numpy as jnp

ARGS = ["f32[4]", "f32[4]"]


def f(a, b):
    return jnp.exp(a) / jnp.exp(b)
