"""Bit counts: population count and count-leading-zeros on u32 and s8, the parity of a
popcount as a predicate combined with pred and/or/xor/not; sound."""
# expect: verified
import jax.numpy as jnp
from jax import lax

ARGS = ["u32[16]", "s8[16]", "pred[16]"]


def f(x, b, p):
    c = lax.population_count(x)
    z = lax.clz(x)
    odd = (c & jnp.uint32(1)) == jnp.uint32(1)
    q = (odd ^ p) | (~p & (lax.clz(b) > jnp.int8(2)))
    return c + z * jnp.uint32(3), lax.population_count(b) - lax.clz(b), q
