"""A causal attention block over [4, 64, 64]: softmax(q k^T / 8 + mask) v."""
# expect: verified
# assumes: reduction order unspecified (iota and integer compares for the mask: integers without arithmetic)
import jax
import jax.numpy as jnp

ARGS = ["f32[4,64,64]", "f32[4,64,64]", "f32[4,64,64]"]


def f(q, k, v):
    s = jnp.einsum("bqd,bkd->bqk", q, k) / 8.0
    mask = jnp.tril(jnp.ones((64, 64), dtype=bool))
    s = jnp.where(mask, s, -jnp.inf)
    return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(s, axis=-1), v)
