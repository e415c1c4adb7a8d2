"""The rounding ops and `sign` (exact IEEE: floor, ceil, round half away from zero, round half
to even) with the transcendental ones real JAX code calls (`log1p`, `expm1`, `cbrt`,
`atan2`; uninterpreted symbolically) and `jax.nn.sigmoid`, which XLA:CPU's logistic expander
rewrites into `1 / (1 + exp(-x))`; sound."""
# expect: verified
import jax
import jax.numpy as jnp
from jax import lax

ARGS = ["f32[16]", "f32[16]"]


def f(x, y):
    r = jnp.floor(x) + jnp.ceil(y) * jnp.sign(x - y)
    r = r + lax.round(x * 3.0, lax.RoundingMethod.AWAY_FROM_ZERO) - jnp.round(y * 0.5)
    t = jnp.log1p(jnp.abs(x)) + jnp.expm1(y) * jnp.cbrt(x) + jnp.arctan2(x, y)
    return r, t + jax.nn.sigmoid(x)
