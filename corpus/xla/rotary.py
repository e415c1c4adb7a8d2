"""Rotary position embeddings over [8, 16] (8 positions, 8 frequency pairs): angles from an
`iota` of positions times inverse frequencies, `sin`/`cos` of them (uninterpreted
symbolically), the two halves rotated. XLA:CPU fuses it and folds the constant frequencies;
sound."""
# expect: verified
import jax.numpy as jnp

ARGS = ["f32[8,16]"]


def f(x):
    half = x.shape[-1] // 2
    freqs = 1.0 / (10000.0 ** (jnp.arange(half, dtype=jnp.float32) / half))
    angles = jnp.arange(x.shape[0], dtype=jnp.float32)[:, None] * freqs[None, :]
    s, c = jnp.sin(angles), jnp.cos(angles)
    x1, x2 = x[:, :half], x[:, half:]
    return jnp.concatenate([x1 * c - x2 * s, x1 * s + x2 * c], axis=-1)
