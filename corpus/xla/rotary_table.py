"""Rotary position embeddings over [8, 16] with the angles given (positions times inverse
frequencies, a table as models precompute it): `sin`/`cos` of them (uninterpreted
symbolically, libm in replays), the two halves of each row rotated. XLA:CPU fuses it into one
loop; sound."""
# expect: verified
import jax.numpy as jnp

ARGS = ["f32[8,16]", "f32[8,8]"]


def f(x, angles):
    half = x.shape[-1] // 2
    s, c = jnp.sin(angles), jnp.cos(angles)
    x1, x2 = x[:, :half], x[:, half:]
    return jnp.concatenate([x1 * c - x2 * s, x1 * s + x2 * c], axis=-1)
