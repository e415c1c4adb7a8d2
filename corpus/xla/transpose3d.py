"""A 3-D transpose feeding an elementwise op and a second transpose back: XLA merges the
transposes and assigns layouts. Sound."""
# expect: verified
import jax.numpy as jnp

ARGS = ["f32[4,8,16]", "f32[16,4,8]"]


def f(x, y):
    z = jnp.transpose(x, (2, 0, 1)) * 2.0 + y
    return jnp.transpose(z, (1, 2, 0))
