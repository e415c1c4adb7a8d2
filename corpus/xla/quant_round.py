"""Symmetric int8 quantization as users write it: `clip(round(x / s), -128, 127)` converted to
s8. `jnp.round` is HLO `round-nearest-even` (exact IEEE roundToIntegral, ties to even); XLA
fuses the division, rounding, clamp and convert; sound."""
# expect: verified
import jax.numpy as jnp

ARGS = ["f32[64]", "f32[]"]


def f(x, s):
    return jnp.clip(jnp.round(x / s), -128, 127).astype(jnp.int8)
