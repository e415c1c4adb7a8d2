"""A chain of elementwise ops that XLA fuses into one loop fusion: sound."""
# expect: verified
import jax.numpy as jnp

ARGS = ["f32[8,16]", "f32[16]"]


def f(x, b):
    y = x * 3.0 + b
    return jnp.where(y > 0, y, 0.1 * y)
