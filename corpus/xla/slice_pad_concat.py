"""Slices, a pad and a concatenation that XLA simplifies (a slice of a concatenation, a pad
folded into a slice). Sound."""
# expect: verified
import jax.numpy as jnp

ARGS = ["f32[16]", "f32[8]"]


def f(x, y):
    z = jnp.concatenate([x, y])
    p = jnp.pad(z[4:20], (2, 3), constant_values=1.5)
    return p[2:18] + jnp.flip(x)
