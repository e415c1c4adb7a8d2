"""Rotary position embeddings over [8, 16] (8 positions, 8 frequency pairs), the inverse
frequencies computed as `1 / 10000 ** (i / 8)`: XLA's algebraic simplifier rewrites
`1 / pow(b, y)` into `pow(b, -y)` (and `i / 8` into `i * 0.125`, exact), which is not exact in
IEEE arithmetic: two roundings (pow, then the division) against one. Measured at jax 0.7.1:
refuted, `before = 0.0031622725, after = 0.0031622723` at frequency 5 (with libm's pow; a
difference XLA:CPU's own pow shows as well is for the differential test to say)."""
# expect: refuted
import jax.numpy as jnp

ARGS = ["f32[8,16]"]


def f(x):
    half = x.shape[-1] // 2
    freqs = 1.0 / (10000.0 ** (jnp.arange(half, dtype=jnp.float32) / half))
    angles = jnp.arange(x.shape[0], dtype=jnp.float32)[:, None] * freqs[None, :]
    s, c = jnp.sin(angles), jnp.cos(angles)
    x1, x2 = x[:, :half], x[:, half:]
    return jnp.concatenate([x1 * c - x2 * s, x1 * s + x2 * c], axis=-1)
