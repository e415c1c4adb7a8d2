"""sqrt(x*x): XLA rewrites it to abs(x) (1e20: inf becomes 1e20)."""
# expect: refuted
import jax.numpy as jnp

ARGS = ["f32[8]"]


def f(x):
    return jnp.sqrt(x * x)
