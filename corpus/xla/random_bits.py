"""jax.random.bits and a split from a raw threefry key (u32[2]): the u32 words of
threefry2x32 and the bits of the second key of a split; sound."""
# expect: verified
import jax
import jax.numpy as jnp

ARGS = ["u32[2]"]


def f(key):
    k1, k2 = jax.random.split(key)
    return jax.random.bits(k2, (8,), dtype=jnp.uint32), k1
