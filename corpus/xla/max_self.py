"""max(x,x) => x: sound."""
# expect: verified
import jax.numpy as jnp

ARGS = ["f32[8]"]


def f(x):
    return jnp.maximum(x, x)
