"""jax.random.uniform from a raw threefry key (u32[2]): threefry2x32's 20 rounds of adds,
rotations (shift-left, shift-right-logical, or) and xors, then the float built from the top
23 bits (`bits >> 9 | 0x3f800000` bitcast to f32, minus 1), scaled into [-2, 3): sound."""
# expect: verified
import jax
import jax.numpy as jnp

ARGS = ["u32[2]"]


def f(key):
    return jax.random.uniform(key, (8,), dtype=jnp.float32, minval=-2.0, maxval=3.0)
