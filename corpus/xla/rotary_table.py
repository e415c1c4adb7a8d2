"""Rotary position embeddings over [8, 16] with the inverse frequencies given (a table, as
models precompute them): angles from an `iota` of positions, `sin`/`cos` of them
(uninterpreted symbolically, libm in replays), the two halves rotated. XLA:CPU fuses it into
one loop; sound."""
# expect: verified
import jax.numpy as jnp

ARGS = ["f32[8,16]", "f32[8]"]


def f(x, freqs):
    half = x.shape[-1] // 2
    angles = jnp.arange(x.shape[0], dtype=jnp.float32)[:, None] * freqs[None, :]
    s, c = jnp.sin(angles), jnp.cos(angles)
    x1, x2 = x[:, :half], x[:, half:]
    return jnp.concatenate([x1 * c - x2 * s, x1 * s + x2 * c], axis=-1)
