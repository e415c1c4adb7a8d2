"""Integer arithmetic that wraps around: s8 sums, products and differences overflowing, XLA's
integer division and remainder (truncating; `x / 0 = -1`, `x rem 0 = x`), a u8 sum wrapping
and converted to s8, the result converted to f32 (first output, for the differential test)
and the s8 sum itself: XLA:CPU fuses it all; sound."""
# expect: verified
import jax.numpy as jnp
from jax import lax

ARGS = ["s8[8]", "s8[8]", "u8[8]"]


def f(a, b, u):
    s = a + b
    t = s * 3 - a
    q = lax.div(t, b)
    r = lax.rem(t, b)
    m = jnp.maximum(s, -t)
    w = (u + jnp.uint8(200)).astype(jnp.int8)
    return (s + q + r + m + w).astype(jnp.float32), s
